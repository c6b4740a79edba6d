import type { Response } from 'express';
import type { RateLimiterRes } from 'rate-limiter-flexible';

/** One limit a request was counted against, as the IETF RateLimit headers name it. */
export interface CountedLimit {
  policy: string;
  quota: number;
  windowSeconds: number;
  state: Pick<RateLimiterRes, 'remainingPoints' | 'msBeforeNext'>;
}

/**
 * draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy` lists each quota, `RateLimit` what
 * is left of it and when it resets; a refusal adds `Retry-After` (RFC 9110 §10.2.3).
 */
export function writeRateLimitHeaders(res: Response, limits: readonly CountedLimit[], refusedBy?: CountedLimit): void {
  if (limits.length === 0) return;
  res.set('RateLimit-Policy', limits.map((l) => `"${l.policy}";q=${l.quota};w=${l.windowSeconds}`).join(', '));
  res.set(
    'RateLimit',
    limits.map((l) => `"${l.policy}";r=${Math.max(0, l.state.remainingPoints)};t=${seconds(l.state.msBeforeNext)}`).join(', '),
  );
  if (refusedBy) res.set('Retry-After', String(retryAfterSeconds(refusedBy.state.msBeforeNext)));
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/** A wait in whole seconds, at least one: a `Retry-After` of 0 would invite the retry at once. */
export const retryAfterSeconds = (ms: number) => Math.max(1, seconds(ms));
