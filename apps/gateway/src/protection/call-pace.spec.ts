import fc from 'fast-check';
import { CallPace } from './call-pace';

describe('call pace', () => {
  it('lets a burst through at once, then one call per interval', () => {
    const pace = new CallPace();
    const taken = Array.from({ length: 6 }, () => pace.take('app', 10, 5, 0));
    expect(taken.map((t) => t.ok)).toEqual([true, true, true, true, true, false]);
    expect(taken.map((t) => t.remainingPoints)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(taken[5]!.msBeforeNext).toBe(100);
    expect(pace.take('app', 10, 5, 99).ok).toBe(false);
    expect(pace.take('app', 10, 5, 100).ok).toBe(true);
    expect(pace.take('app', 10, 5, 101).ok).toBe(false);
    // Another key keeps its own pace.
    expect(pace.take('other', 10, 5, 101).ok).toBe(true);
  });

  it('never lets more through in any span than the burst and the pace allow', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2_000 }), { minLength: 1, maxLength: 300 }), (offsets) => {
        const pace = new CallPace();
        const times = [...offsets].sort((a, b) => a - b);
        const passed = times.filter((at) => pace.take('k', 20, 4, at).ok);
        // Within any span of d ms, at most burst + d / interval calls.
        for (let i = 0; i < passed.length; i += 1) {
          for (let j = i; j < passed.length; j += 1) expect(j - i + 1).toBeLessThanOrEqual(4 + (passed[j]! - passed[i]!) / 50);
        }
      }),
    );
  });
});
