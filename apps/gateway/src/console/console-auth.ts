import type { RequestHandler } from 'express';
import type { AccountReader, AccountUser, UserRole } from '@delivery/accounts';
import { DomainError } from '@delivery/contracts';
import { signatureMatches } from '../auth/request-signature';
import { passwordStampOf, type ConsoleSession, type ConsoleSessions } from './console-sessions';
import { sessionCookieOf } from './session-cookie';

export interface ConsoleCaller {
  sessionId: string;
  session: ConsoleSession;
  user: AccountUser;
}

/**
 * The signed-in user, from the session cookie. The user is read on every call, so a removed
 * user's sessions end at once, a changed role applies to the next call, and a changed
 * password ends every session begun with the old one. A state change must also carry the
 * session's CSRF token in `X-CSRF-Token`: a page of another site can make the browser send
 * the cookie (were SameSite not honoured), never read the token.
 */
export function consoleAuth(sessions: ConsoleSessions, accounts: Pick<AccountReader, 'getUser'>): RequestHandler {
  return async (req, res, next) => {
    const sessionId = sessionCookieOf(req);
    const session = sessionId ? await sessions.find(sessionId) : null;
    const user = session ? await accounts.getUser(session.userId) : null;
    if (!sessionId || !session || !user || user.accountId !== session.accountId) {
      return next(new DomainError('UNAUTHENTICATED', 'Sign in to the console first'));
    }
    if (session.passwordStamp !== passwordStampOf(user)) {
      return next(new DomainError('UNAUTHENTICATED', 'Your password was changed; sign in again with the new one'));
    }
    if (!SAFE_METHODS.has(req.method) && !signatureMatches(session.csrfToken, req.get('x-csrf-token') ?? '')) {
      return next(new DomainError('FORBIDDEN', 'This change needs the X-CSRF-Token header of your session'));
    }
    res.locals.console = { sessionId, session, user } satisfies ConsoleCaller;
    next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const consoleCallerOf = (locals: Record<string, unknown>) => locals.console as ConsoleCaller;

/** The signed-in user's account: the only one whose data a console call sees. */
export const consoleAccountOf = (locals: Record<string, unknown>) => consoleCallerOf(locals).user.accountId;

const RANK: Record<UserRole, number> = { viewer: 0, admin: 1, owner: 2 };

/** Viewers read; admins also change the account's settings; owners also manage its users. */
export const requireRole =
  (least: UserRole): RequestHandler =>
  (_req, res, next) => {
    const { user } = consoleCallerOf(res.locals);
    if (RANK[user.role] < RANK[least]) return next(new DomainError('FORBIDDEN', `This needs the ${least} role; you are ${user.role}`));
    next();
  };
