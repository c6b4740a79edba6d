import { RefusedCallers, type Refusal } from './refused-callers';

const refusal = (until: number): Refusal => ({
  clientId: 'cli_a',
  scope: 'app',
  policy: 'app',
  quota: 4,
  windowSeconds: 60,
  policyHeader: '"app";q=4;w=60',
  until,
});

describe('refused callers', () => {
  it('answers a refusal until its window resets, then forgets it', () => {
    let now = 1_000;
    const refused = new RefusedCallers(() => now);
    refused.remember('Bearer tok', refusal(now + 30_000));
    expect(refused.standing('Bearer tok')?.clientId).toBe('cli_a');
    expect(refused.standing('Bearer other')).toBeUndefined();
    expect(refused.standing(undefined)).toBeUndefined();
    now += 30_000;
    expect(refused.standing('Bearer tok')).toBeUndefined();
  });

  it('keeps at most 10,000 refusals, forgetting the oldest first', () => {
    const refused = new RefusedCallers(() => 1_000);
    const until = 61_000;
    for (let i = 0; i <= 10_000; i += 1) refused.remember(`Bearer ${i}`, refusal(until));
    expect(refused.standing('Bearer 0')).toBeUndefined();
    expect(refused.standing('Bearer 1')).toBeDefined();
    expect(refused.standing('Bearer 10000')).toBeDefined();
  });
});
