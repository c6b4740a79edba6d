import type { RequestHandler } from 'express';
import type { Clock } from '@delivery/clock';
import { DomainError } from '@delivery/contracts';
import type { Principal } from '../auth/token-service';
import type { AccountLimits } from './account-limits';
import { count, type LimiterPool } from './limiter-pool';
import { writeRateLimitHeaders, type CountedLimit } from './rate-limit-headers';
import type { RefusedCallers } from './refused-callers';

const WINDOW_SECONDS = 60;

export interface ApiRateLimitDeps {
  pool: LimiterPool;
  limits: AccountLimits;
  clock: Clock;
  logger: Pick<Console, 'error'>;
  /** Where a refusal is remembered, so the token's next calls are refused before routing. */
  refusals: RefusedCallers;
  onRefused?: (scope: 'app' | 'account') => void;
}

/**
 * After authentication: every call counts against its app's quota and its account's, so
 * one busy app cannot use up its siblings' share and no account can crowd out the others.
 * A limiter store that fails lets the call through: the limits protect the service, and
 * refusing every caller while Redis is away would be the outage they exist to prevent.
 */
export function apiRateLimit(deps: ApiRateLimitDeps): RequestHandler {
  return async (_req, res, next) => {
    const principal = res.locals.principal as Principal;
    try {
      const quotas = await deps.limits.of(principal.accountId);
      const checks = [
        { policy: 'app' as const, quota: quotas.perAppPerMinute, key: principal.clientId },
        { policy: 'account' as const, quota: quotas.perAccountPerMinute, key: principal.accountId },
      ];
      const counted = await Promise.all(
        checks.map(async (check) => {
          const answer = await count(deps.pool.limiter(check.policy, check.quota, WINDOW_SECONDS), check.key);
          return { ...answer, limit: { policy: check.policy, quota: check.quota, windowSeconds: WINDOW_SECONDS, state: answer.state } };
        }),
      );
      const refused = counted.find((c) => !c.ok);
      writeRateLimitHeaders(
        res,
        counted.map((c): CountedLimit => c.limit),
        refused?.limit,
      );
      if (refused) {
        deps.onRefused?.(refused.limit.policy);
        const { policy, quota } = refused.limit;
        const wait = res.get('Retry-After');
        // A bearer token's refusal only: the legacy path's credentials travel in the body.
        const authorization = res.locals.authorization as string | undefined;
        if (authorization) {
          deps.refusals.remember(authorization, {
            clientId: principal.clientId,
            policy,
            quota,
            policyHeader: res.get('RateLimit-Policy')!,
            until: deps.clock.now().getTime() + refused.state.msBeforeNext,
          });
        }
        return next(new DomainError('RATE_LIMITED', `Too many requests for this ${policy}: ${quota} a minute; retry in ${wait} s`));
      }
    } catch (error) {
      deps.logger.error('rate limit store unavailable, letting the call through:', error);
    }
    next();
  };
}
