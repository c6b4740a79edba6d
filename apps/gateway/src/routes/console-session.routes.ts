import type { RequestHandler } from 'express';
import { normalizeEmail, UNKNOWN_USER_HASH, verifyPassword, type AccountRepository } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { consoleLoginRequestSchema, DomainError } from '@delivery/contracts';
import { consoleCallerOf } from '../console/console-auth';
import type { ConsoleSessions } from '../console/console-sessions';
import type { LoginGuard } from '../console/login-guard';
import { clearSessionCookie, setSessionCookie, type SecureCookies } from '../console/session-cookie';
import { validate } from '../http/validate';
import { toConsoleUser } from '../mappers/console.mapper';

interface SessionRouteDeps {
  accounts: Pick<AccountRepository, 'findUserByEmail'>;
  sessions: ConsoleSessions;
  guard: LoginGuard;
  clock: Clock;
  secureCookies: SecureCookies;
}

/** Sign in: a new session cookie, and the CSRF token its changes must carry. */
export function signInRoute({ accounts, sessions, guard, clock, secureCookies }: SessionRouteDeps): RequestHandler {
  return async (req, res) => {
    const { email: given, password } = validate(consoleLoginRequestSchema, req.body);
    const email = normalizeEmail(given);
    const address = req.ip ?? 'unknown';
    await guard.admit(res, address, email);
    const user = await accounts.findUserByEmail(email);
    // An unknown email costs the same hash as a known one, so timing does not tell which emails exist.
    const matches = await verifyPassword(password, user?.passwordHash ?? UNKNOWN_USER_HASH);
    if (!user || !matches) {
      await guard.failed(address, email);
      throw new DomainError('UNAUTHENTICATED', 'The email or the password is wrong');
    }
    await guard.succeeded(address, email);
    const { id, session } = await sessions.start(user, clock.now());
    setSessionCookie(req, res, id, secureCookies);
    res.json({ user: toConsoleUser(user), csrf_token: session.csrfToken });
  };
}

/** Who is signed in; the page reads its CSRF token here after a reload. */
export const currentSessionRoute: RequestHandler = (_req, res) => {
  const { user, session } = consoleCallerOf(res.locals);
  res.json({ user: toConsoleUser(user), csrf_token: session.csrfToken });
};

export function signOutRoute(sessions: ConsoleSessions, secureCookies: SecureCookies): RequestHandler {
  return async (req, res) => {
    await sessions.end(consoleCallerOf(res.locals).sessionId);
    clearSessionCookie(req, res, secureCookies);
    res.status(204).end();
  };
}
