import type { RequestHandler } from 'express';
import { count, type LimiterPool } from './limiter-pool';
import { writeRateLimitHeaders } from './rate-limit-headers';

/**
 * For public pages (tracking): a quota per source address, answered with a plain 429 page
 * since no API caller reads it.
 */
export function addressRateLimit(pool: LimiterPool, policy: string, perMinute: number, onRefused?: () => void): RequestHandler {
  return async (req, res, next) => {
    try {
      const answer = await count(pool.limiter(policy, perMinute, 60), req.ip ?? 'unknown');
      const limit = { policy, quota: perMinute, windowSeconds: 60, state: answer.state };
      writeRateLimitHeaders(res, [limit], answer.ok ? undefined : limit);
      if (!answer.ok) {
        onRefused?.();
        res.status(429).type('text/plain').send('Too many requests; try again in a minute.');
        return;
      }
    } catch {
      // A limiter store that fails lets the page through, as for the API.
    }
    next();
  };
}
