import { CallBudget } from './call-budget';

describe('a courier network’s call budget', () => {
  let now = 0;
  const budget = () => new CallBudget(3, 60_000, () => now);

  beforeEach(() => (now = 1_000_000));

  it('allows `limit` calls per key in any window, then answers how long to wait', () => {
    const b = budget();
    expect([b.take('a'), b.take('a'), b.take('a')].every((t) => t.ok)).toBe(true);
    expect(b.take('a')).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(b.take('b').ok).toBe(true);
    now += 30_000;
    expect(b.take('a')).toEqual({ ok: false, retryAfterSeconds: 30 });
    now += 30_001;
    expect(b.take('a').ok).toBe(true);
  });

  it("holds a key for the network's Retry-After", () => {
    const b = budget();
    b.holdFor('a', 20);
    expect(b.take('a')).toEqual({ ok: false, retryAfterSeconds: 20 });
    now += 20_000;
    expect(b.take('a').ok).toBe(true);
  });
});
