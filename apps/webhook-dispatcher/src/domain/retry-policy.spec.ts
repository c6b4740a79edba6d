import { DEFAULT_RETRY_POLICY, parseRetryAfter, parseRetrySchedule, pauseAfter } from './retry-policy';

describe('retry policy', () => {
  it('gives ten tries over about three days by default', () => {
    const total = DEFAULT_RETRY_POLICY.delaysMs.reduce((a, b) => a + b, 0);
    expect(DEFAULT_RETRY_POLICY.delaysMs).toHaveLength(9);
    expect(total / 3_600_000).toBeGreaterThan(70);
    expect(total / 3_600_000).toBeLessThan(80);
  });

  it('spreads each pause by the jitter and stops after the last', () => {
    const policy = { delaysMs: [1_000, 10_000], jitter: 0.2 };
    expect(pauseAfter(policy, 1, null, () => 0)).toBe(800);
    expect(pauseAfter(policy, 1, null, () => 1)).toBe(1_200);
    expect(pauseAfter(policy, 2, null, () => 0.5)).toBe(10_000);
    expect(pauseAfter(policy, 3, null)).toBeNull();
  });

  it('waits at least as long as Retry-After asks, but no longer than the longest pause', () => {
    const policy = { delaysMs: [1_000, 10_000], jitter: 0 };
    expect(pauseAfter(policy, 1, 4_000)).toBe(4_000);
    expect(pauseAfter(policy, 1, 500)).toBe(1_000);
    expect(pauseAfter(policy, 1, 86_400_000)).toBe(10_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it('reads a schedule from configuration text', () => {
    expect(parseRetrySchedule('500ms, 5s,5m,2h')).toEqual([500, 5_000, 300_000, 7_200_000]);
    expect(() => parseRetrySchedule('5 minutes')).toThrow(/not a pause/);
  });
});
