import { ManualClock } from '@delivery/clock';
import { RefusedCallers, type Refusal } from './refused-callers';

const refusal = (until: number): Refusal => ({ clientId: 'cli_a', policy: 'app', quota: 4, policyHeader: '"app";q=4;w=60', until });

describe('refused callers', () => {
  it('answers a refusal until its window resets, then forgets it', () => {
    const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
    const refused = new RefusedCallers(clock);
    refused.remember('Bearer tok', refusal(clock.now().getTime() + 30_000));
    expect(refused.standing('Bearer tok')?.clientId).toBe('cli_a');
    expect(refused.standing('Bearer other')).toBeUndefined();
    expect(refused.standing(undefined)).toBeUndefined();
    clock.advance(30_000);
    expect(refused.standing('Bearer tok')).toBeUndefined();
  });

  it('keeps at most 10,000 refusals, forgetting the oldest first', () => {
    const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
    const refused = new RefusedCallers(clock);
    const until = clock.now().getTime() + 60_000;
    for (let i = 0; i <= 10_000; i += 1) refused.remember(`Bearer ${i}`, refusal(until));
    expect(refused.standing('Bearer 0')).toBeUndefined();
    expect(refused.standing('Bearer 1')).toBeDefined();
    expect(refused.standing('Bearer 10000')).toBeDefined();
  });
});
