import type { RequestHandler } from 'express';
import { DomainError } from '@delivery/contracts';
import { callKind } from './token-lifetimes';
import { InvalidTokenError, type Principal, type TokenService } from './token-service';

const REALM = 'delivery';

/** RFC 6750: a missing token gets a bare challenge; a bad one names `invalid_token`. The scheme is case-insensitive (RFC 7235 §2.1). */
export function bearerAuth(tokens: TokenService): RequestHandler {
  return async (req, res, next) => {
    const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(req.get('authorization') ?? '');
    if (!match) {
      res.set('WWW-Authenticate', `Bearer realm="${REALM}"`);
      return next(new DomainError('UNAUTHENTICATED', 'A bearer access token is required'));
    }
    try {
      res.locals.principal = await tokens.authenticate(match[1]!, callKind(req.method));
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
