import { tagSpan } from '@delivery/observability/tracing';
import type { RequestHandler } from 'express';
import { DomainError } from '@delivery/contracts';
import { callKind } from './token-lifetimes';
import { InvalidTokenError, type Principal, type TokenService } from './token-service';

const REALM = 'delivery';

/** Who an endpoint is for: the caller's order platform, or a fleet reporting on its tasks. */
export type Audience = 'integration' | 'fleet';

/**
 * RFC 6750: a missing token gets a bare challenge; a bad one names `invalid_token`. The
 * scheme is case-insensitive (RFC 7235 §2.1). A valid token of the other audience's app is
 * refused with 403: a fleet's app never places orders, an integration app never reports deliveries.
 */
export function bearerAuth(tokens: TokenService, audience: Audience = 'integration'): RequestHandler {
  return async (req, res, next) => {
    const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(req.get('authorization') ?? '');
    if (!match) {
      res.set('WWW-Authenticate', `Bearer realm="${REALM}"`);
      return next(new DomainError('UNAUTHENTICATED', 'A bearer access token is required'));
    }
    try {
      const principal = await tokens.authenticate(match[1]!, callKind(req.method));
      if ((principal.fleetId !== null) !== (audience === 'fleet')) {
        return next(new DomainError('FORBIDDEN', `This endpoint is for ${audience === 'fleet' ? "a fleet's" : 'an integration'} app`));
      }
      res.locals.principal = principal;
      res.locals.authorization = req.get('authorization');
      tagSpan({ accountId: principal.accountId, clientId: principal.clientId, fleetId: principal.fleetId ?? undefined });
      next();
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) return next(error);
      const description = error.message.replace(/"/g, "'");
      res.set('WWW-Authenticate', `Bearer realm="${REALM}", error="invalid_token", error_description="${description}"`);
      next(new DomainError('UNAUTHENTICATED', error.message));
    }
  };
}

export const principalOf = (locals: Record<string, unknown>) => locals.principal as Principal;
