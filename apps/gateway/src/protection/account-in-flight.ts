import type { RequestHandler } from 'express';
import { DomainError } from '@delivery/contracts';
import { principalOf } from '../auth/bearer-auth';

/**
 * After authentication: at most `cap` calls of one account are being answered at once.
 * A per-minute quota does not stop an account whose calls are slow or concurrent from
 * holding the gateway's event loop and its service connections; with this, another
 * account's calls find room (docs/decisions.md, "Rate limits"). The count lives
 * in this process: the refusal costs no store.
 */
export function accountInFlight(cap: number, onRefused?: () => void): RequestHandler {
  const inFlight = new Map<string, number>();
  return (_req, res, next) => {
    const { accountId } = principalOf(res.locals);
    const current = inFlight.get(accountId) ?? 0;
    if (current >= cap) {
      onRefused?.();
      res.set('Retry-After', '1');
      return next(new DomainError('RATE_LIMITED', `Too many calls of this account in progress (at most ${cap} at once); retry in 1 s`));
    }
    inFlight.set(accountId, current + 1);
    // 'close' comes after 'finish', and alone when the caller hangs up: either way the call is over once.
    res.once('close', () => {
      const left = (inFlight.get(accountId) ?? 1) - 1;
      if (left > 0) inFlight.set(accountId, left);
      else inFlight.delete(accountId);
    });
    next();
  };
}
