import type { RequestHandler } from 'express';
import { DomainError } from '@delivery/contracts';
import type { Principal } from '../auth/token-service';
import type { AccountLimits } from './account-limits';
import type { CallPace } from './call-pace';
import { count, type LimiterPool } from './limiter-pool';
import { writeRateLimitHeaders, type CountedLimit } from './rate-limit-headers';
import type { RefusedCallers } from './refused-callers';
import { refusalMessage, type Scope } from './rate-limit-refusal';

/**
 * Each quota is a minute's, counted in the limiter store across gateways, and a steady pace
 * of a second's share of it, kept in this process: a minute's calls cannot arrive in its
 * first seconds, nor a second's in its first milliseconds, which would hold the gateway's
 * event loop from everyone else while they are answered (docs/decisions.md, "Rate limits").
 */
const SPREAD_SECONDS = 20;
const MIN_PER_SECOND = 10;

/** A minute's quota's pace: a twentieth of it a second (10 at least), a tenth of that at once. */
function paceOf(perMinute: number) {
  const perSecond = Math.max(MIN_PER_SECOND, Math.ceil(perMinute / SPREAD_SECONDS));
  return { perSecond, burst: Math.max(MIN_PER_SECOND, Math.ceil(perSecond / 10)) };
}

/** One quota a call counts against: the limiter and header name (`policy`), whose it is, and its key. */
export interface Quota {
  scope: Scope;
  policy: string;
  perMinute: number;
  key: string;
}

export interface ApiRateLimitDeps {
  pool: LimiterPool;
  /** The caller's quotas, from what authentication put in `res.locals`. */
  quotasOf: (locals: Record<string, unknown>) => Promise<Quota[]>;
  pace: CallPace;
  logger: Pick<Console, 'error'>;
  /** Where a refusal is remembered, so the token's next calls are refused before routing. */
  refusals: RefusedCallers;
  onRefused?: (scope: Scope) => void;
}

/** An integration call's quotas: its app's and its account's. */
export const appAndAccountQuotas =
  (limits: AccountLimits) =>
  async (locals: Record<string, unknown>): Promise<Quota[]> => {
    const principal = locals.principal as Principal;
    const quotas = await limits.of(principal.accountId);
    return [
      { scope: 'app', policy: 'app', perMinute: quotas.perAppPerMinute, key: principal.clientId },
      { scope: 'account', policy: 'account', perMinute: quotas.perAccountPerMinute, key: principal.accountId },
    ];
  };

/**
 * After authentication: every call counts against its app's quota and its account's (a
 * console call, its user's and its account's console quota), so one busy app or user
 * cannot use up its siblings' share and no account can crowd out the others.
 * A limiter store that fails lets the call through: the limits protect the service, and
 * refusing every caller while Redis is away would be the outage they exist to prevent.
 */
export function apiRateLimit(deps: ApiRateLimitDeps): RequestHandler {
  return async (_req, res, next) => {
    try {
      const checks = await deps.quotasOf(res.locals);
      const now = performance.now();
      const paced = checks.map(({ scope, policy, perMinute, key }) => {
        const { perSecond, burst } = paceOf(perMinute);
        const state = deps.pace.take(`${policy}:${key}`, perSecond, burst, now);
        return { ok: state.ok, limit: { policy: `${policy}-second`, scope, quota: perSecond, windowSeconds: 1, state } };
      });
      const windowed = await Promise.all(
        checks.map(async ({ scope, policy, perMinute, key }) => {
          const answer = await count(deps.pool.limiter(policy, perMinute, 60), key);
          return { ...answer, limit: { policy, scope, quota: perMinute, windowSeconds: 60, state: answer.state } };
        }),
      );
      const counted = checks.flatMap((_, i) => [windowed[i]!, paced[i]!]);
      const refused = counted.find((c) => !c.ok);
      writeRateLimitHeaders(
        res,
        counted.map((c): CountedLimit => c.limit),
        refused?.limit,
      );
      if (refused) {
        const { scope, policy, quota, windowSeconds } = refused.limit;
        deps.onRefused?.(scope);
        // A bearer token's refusal only: the legacy path's credentials travel in the body.
        const authorization = res.locals.authorization as string | undefined;
        const principal = res.locals.principal as Principal | undefined;
        const until = now + refused.limit.state.msBeforeNext;
        if (authorization && principal) {
          const refusal = { clientId: principal.clientId, scope, policy, quota, windowSeconds, until };
          deps.refusals.remember(authorization, { ...refusal, policyHeader: res.get('RateLimit-Policy')! });
        }
        return next(new DomainError('RATE_LIMITED', refusalMessage(refused.limit, Number(res.get('Retry-After')))));
      }
    } catch (error) {
      deps.logger.error('rate limit store unavailable, letting the call through:', error);
    }
    next();
  };
}
