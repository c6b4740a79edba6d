const SECOND = 1_000;
/** Pauses after a provider's "not now" (5xx, 429), then every 10 minutes: Twilio asks clients to back off on 429. */
const PAUSES_MS = [30 * SECOND, 60 * SECOND, 2 * 60 * SECOND, 5 * 60 * SECOND, 10 * 60 * SECOND];
/** A message the provider turned away this long is given up, its moment long gone. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * SECOND;

/** When to try again after the `tries`-th "not now", honouring the provider's `Retry-After` when longer. */
export function nextTryAt(now: number, tries: number, retryAfterMs: number | null): number {
  const pause = PAUSES_MS[Math.min(tries, PAUSES_MS.length) - 1] ?? PAUSES_MS[0]!;
  return now + Math.max(pause, retryAfterMs ?? 0);
}
