import type { RequestHandler } from 'express';
import { DomainError } from '@delivery/contracts';
import { writeError } from '../http/errors';
import { count, type LimiterPool } from './limiter-pool';
import { writeRateLimitHeaders } from './rate-limit-headers';
import { sourceOfRequest } from './source-address';

/**
 * A quota per source address for what anyone may call, counted before anything else is read:
 * on a public page (tracking) the page's own 429, in HTML, since no API caller reads it;
 * elsewhere (`answer: 'envelope'`) the surface's own error envelope.
 */
export function addressRateLimit(
  pool: LimiterPool,
  policy: string,
  perMinute: number,
  onRefused?: () => void,
  answer: 'page' | 'envelope' = 'page',
): RequestHandler {
  return async (req, res, next) => {
    try {
      const counted = await count(pool.limiter(policy, perMinute, 60), sourceOfRequest(req));
      const limit = { policy, quota: perMinute, windowSeconds: 60, state: counted.state };
      writeRateLimitHeaders(res, [limit], counted.ok ? undefined : limit);
      if (!counted.ok) {
        onRefused?.();
        const message = 'Too many requests from this address; retry in a minute';
        if (answer === 'envelope') return next(new DomainError('RATE_LIMITED', message));
        return writeError(res, 'html', { code: 'RATE_LIMITED', message });
      }
    } catch {
      // A limiter store that fails lets the page through, as for the API.
    }
    next();
  };
}
