import type { RequestHandler } from 'express';
import type { Clock } from '@delivery/clock';
import { DomainError } from '@delivery/contracts';
import type { KeyValueStore } from '@delivery/key-value';
import { keys } from './keys';
import { requestSignature, signatureMatches } from './request-signature';
import { callKind } from './token-lifetimes';
import { InvalidTokenError, type TokenService } from './token-service';

/** How far a legacy request's `timestamp` may be from our clock, either way. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * The legacy path (`/partner_api/...`, spec 4 rule 6): `access_token`, `timestamp` and
 * `signature` travel in the JSON body (or, for GET, the query). The token must be valid,
 * the timestamp within the tolerance, the signature right, and not seen before.
 */
export function legacyAuth(deps: { tokens: TokenService; kv: KeyValueStore; clock: Clock }): RequestHandler {
  return async (req, res, next) => {
    try {
      const signed = (req.method === 'GET' ? req.query : req.body) as Record<string, unknown> | undefined;
      // The platform may send the timestamp as a JSON number; any other shape is as good as absent.
      const field = (name: string) => {
        const value = signed?.[name];
        return typeof value === 'string' ? value : typeof value === 'number' && Number.isInteger(value) ? String(value) : null;
      };
      const [token, timestamp, signature] = [field('access_token'), field('timestamp'), field('signature')];
      if (!token) throw new DomainError('UNAUTHENTICATED', 'access_token is required in the body');
      const { principal, app } = await deps.tokens.authenticateClient(token, callKind(req.method)).catch((error: unknown) => {
        throw error instanceof InvalidTokenError ? new DomainError('UNAUTHENTICATED', error.message) : error;
      });
      if (
        !timestamp ||
        !/^\d{1,16}$/.test(timestamp) ||
        Math.abs(Number(timestamp) - deps.clock.now().getTime()) > SIGNATURE_TOLERANCE_MS
      ) {
        throw new DomainError('STALE_TIMESTAMP', 'timestamp (epoch milliseconds) is missing or more than 5 minutes from our clock');
      }
      if (!signature || !app.signingKey || !signatureMatches(requestSignature(app.signingKey, signed!), signature)) {
        throw new DomainError('INVALID_SIGNATURE', 'signature does not match the request');
      }
      if (!(await deps.kv.setIfAbsent(keys.usedSignature(signature), '1', 2 * SIGNATURE_TOLERANCE_MS))) {
        throw new DomainError('REPLAYED_REQUEST', 'this signed request was already received');
      }
      if (principal.fleetId !== null) throw new DomainError('FORBIDDEN', 'This endpoint is for an integration app');
      res.locals.principal = principal;
      next();
    } catch (error) {
      next(error);
    }
  };
}
