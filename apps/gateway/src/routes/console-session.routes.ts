import type { Request, RequestHandler, Response } from 'express';
import {
  normalizeEmail,
  userSigningIn,
  WrongCurrentPassword,
  type AccountReader,
  type AccountSettings,
  type AccountUser,
} from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { consoleChangePasswordRequestSchema, consoleLoginRequestSchema, DomainError } from '@delivery/contracts';
import { consoleCallerOf } from '../console/console-auth';
import type { ConsoleSession, ConsoleSessions } from '../console/console-sessions';
import type { HashingSlots } from '../console/hashing-slots';
import type { KnownDevices } from '../console/known-devices';
import type { LoginGuard } from '../console/login-guard';
import { clearSessionCookie, setSessionCookie, type SecureCookies } from '../console/session-cookie';
import { refusedAsInvalidRequest } from '../http/domain-refusal';
import { sourceOfRequest } from '../protection/source-address';
import { validate } from '../http/validate';
import { toConsoleUser } from '../mappers/console.mapper';

interface SessionRouteDeps {
  accounts: AccountReader;
  settings: AccountSettings;
  sessions: ConsoleSessions;
  devices: KnownDevices;
  guard: LoginGuard;
  hashing: HashingSlots;
  clock: Clock;
  secureCookies: SecureCookies;
}

const sessionView = (user: AccountUser, session: ConsoleSession) => ({ user: toConsoleUser(user), csrf_token: session.csrfToken });

/** A new session for the user: its cookie, and in the answer the CSRF token its changes must carry. */
async function answerNewSession(
  req: Request,
  res: Response,
  user: AccountUser,
  { sessions, clock, secureCookies }: Pick<SessionRouteDeps, 'sessions' | 'clock' | 'secureCookies'>,
): Promise<void> {
  const { id, session } = await sessions.start(user, clock.now());
  setSessionCookie(req, res, id, secureCookies);
  res.json(sessionView(user, session));
}

/**
 * Sign in: a new session cookie, and the CSRF token its changes must carry. A browser that
 * signed in to this email before (its device cookie) meets only its own back-off and is
 * hashed first; any other meets the back-offs by address and by email.
 */
export function signInRoute({ accounts, sessions, devices, guard, hashing, clock, secureCookies }: SessionRouteDeps): RequestHandler {
  return async (req, res) => {
    const { email: given, password } = validate(consoleLoginRequestSchema, req.body);
    const email = normalizeEmail(given);
    const address = sourceOfRequest(req);
    const device = await devices.knownFor(req, email);
    await (device ? guard.admitDevice(res, device) : guard.admit(res, address, email));
    // An unknown email costs the same hash as a known one, so timing does not tell which emails exist.
    const user = await hashing.run(device ?? address, () => userSigningIn(email, password, accounts), device !== null);
    if (!user) {
      await (device ? guard.deviceFailed(device) : guard.failed(address, email));
      throw new DomainError('UNAUTHENTICATED', 'The email or the password is wrong');
    }
    if (!device) await guard.succeeded(address, email);
    await devices.remember(req, res, email, device, secureCookies);
    await answerNewSession(req, res, user, { sessions, clock, secureCookies });
  };
}

/** Who is signed in; the page reads its CSRF token here after a reload. */
export const currentSessionRoute: RequestHandler = (_req, res) => {
  const { user, session } = consoleCallerOf(res.locals);
  res.json(sessionView(user, session));
};

/**
 * The user's own new password. A wrong current one counts as a failed sign-in, so a
 * session left open is no way around the back-off. Every other session of the user ends;
 * this one is replaced by a new session, answered like a sign-in.
 */
export function changePasswordRoute({ settings, sessions, guard, clock, secureCookies }: SessionRouteDeps): RequestHandler {
  return async (req, res) => {
    const { current_password, new_password } = validate(consoleChangePasswordRequestSchema, req.body);
    const { user, sessionId } = consoleCallerOf(res.locals);
    const address = sourceOfRequest(req);
    await guard.admit(res, address, user.email);
    const changed = await refusedAsInvalidRequest(() =>
      settings.changeOwnPassword(user, { current: current_password, next: new_password }).catch(async (error: unknown) => {
        if (error instanceof WrongCurrentPassword) await guard.failed(address, user.email);
        throw error;
      }),
    );
    await sessions.end(sessionId);
    await answerNewSession(req, res, changed, { sessions, clock, secureCookies });
  };
}

export function signOutRoute(sessions: ConsoleSessions, secureCookies: SecureCookies): RequestHandler {
  return async (req, res) => {
    await sessions.end(consoleCallerOf(res.locals).sessionId);
    clearSessionCookie(req, res, secureCookies);
    res.status(204).end();
  };
}
