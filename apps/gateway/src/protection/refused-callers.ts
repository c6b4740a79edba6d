import type { RequestHandler } from 'express';
import type { ApiUsage } from '@delivery/accounts';
import type { Observability } from '@delivery/observability';
import { envelopeOfRequest, writeError } from '../http/errors';
import { refusalMessage, type Scope } from './rate-limit-refusal';
import { retryAfterSeconds } from './rate-limit-headers';

/** What a refusal said, kept until its window resets. */
export interface Refusal {
  clientId: string;
  scope: Scope;
  /** The window refused, as the RateLimit headers name it. */
  policy: string;
  quota: number;
  windowSeconds: number;
  /** `RateLimit-Policy` as the refusal wrote it. */
  policyHeader: string;
  until: number;
}

/** Enough for every app of a busy gateway; past it the oldest refusal is forgotten (and counted again). */
const MAX_REMEMBERED = 10_000;

/**
 * The bearer tokens whose app or account is over its quota, in this process, until the
 * window resets. A call with one is answered 429 before routing, authentication, the
 * limiter store or the request log: a flood of refused calls costs about what an echo
 * does, so another account's calls keep their latency (docs/decisions.md, "Rate limits").
 * Keyed by the whole Authorization value: only a token that was refused is ever matched.
 */
export class RefusedCallers {
  private readonly refusals = new Map<string, Refusal>();

  /** Real time, as the limiters keep it: a test's manual clock must not hold a refusal forever. */
  constructor(private readonly now: () => number = () => performance.now()) {}

  remember(authorization: string, refusal: Refusal): void {
    this.refusals.delete(authorization);
    this.refusals.set(authorization, refusal);
    if (this.refusals.size > MAX_REMEMBERED) this.refusals.delete(this.refusals.keys().next().value!);
  }

  /** The refusal still standing for this Authorization value, if any. */
  standing(authorization: string | undefined): Refusal | undefined {
    if (!authorization) return undefined;
    const refusal = this.refusals.get(authorization);
    if (refusal && refusal.until <= this.now()) {
      this.refusals.delete(authorization);
      return undefined;
    }
    return refusal;
  }

  /** Answers a remembered refusal again, in the envelope of the path asked for; counted in usage and metrics, not logged. */
  guard(usage: ApiUsage, observability: Observability | undefined): RequestHandler {
    return (req, res, next) => {
      const refusal = this.standing(req.headers.authorization);
      if (!refusal) return next();
      const wait = retryAfterSeconds(refusal.until - this.now());
      res.set({
        'RateLimit-Policy': refusal.policyHeader,
        RateLimit: `"${refusal.policy}";r=0;t=${wait}`,
        'Retry-After': String(wait),
      });
      usage.record(refusal.clientId, 429);
      observability?.metrics.rateLimitRejections.inc({ scope: refusal.scope });
      writeError(res, envelopeOfRequest(req.method, req.path), { code: 'RATE_LIMITED', message: refusalMessage(refusal, wait) });
    };
  }
}
