/**
 * When a failed try is tried again. `delaysMs[n]` is the pause after the (n+1)th try, so
 * a delivery gets `delaysMs.length + 1` tries. Each pause is spread by ±`jitter` so that
 * webhooks failing together (a receiver's outage) do not all come back at one instant.
 */
export interface RetryPolicy {
  delaysMs: readonly number[];
  jitter: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The Standard Webhooks example schedule (immediately, 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h) stretched to about three days: ten tries, the last ~75 hours after the first.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  delaysMs: [5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR],
  jitter: 0.2,
};

/** Reads a schedule such as `5s,5m,30m,2h` (units ms, s, m, h). */
export function parseRetrySchedule(text: string): number[] {
  const unit = { ms: 1, s: 1_000, m: MINUTE, h: HOUR } as const;
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const match = /^(\d+)(ms|s|m|h)$/.exec(item);
      if (!match) throw new Error(`"${item}" is not a pause such as 500ms, 5s, 5m or 2h`);
      return Number(match[1]) * unit[match[2] as keyof typeof unit];
    });
}

/**
 * The pause after try number `tries` (1 for the first), or null when it was the last.
 * A receiver's Retry-After is honoured: the pause is never shorter than it asks, though
 * never longer than the schedule's longest pause, so a bad header cannot park a webhook.
 */
export function pauseAfter(
  policy: RetryPolicy,
  tries: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number | null {
  const base = policy.delaysMs[tries - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (1 + policy.jitter * (2 * random() - 1)));
  if (retryAfterMs === null) return jittered;
  return Math.max(jittered, Math.min(retryAfterMs, Math.max(...policy.delaysMs)));
}

/** Retry-After as seconds or an HTTP date (RFC 9110 10.2.3), in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(header: string | undefined, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1_000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
