import type { RequestHandler } from 'express';
import { driverSessionHash, type AccountReader, type AccountSettings, type Driver, type DriverSession } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { DomainError } from '@delivery/contracts';
import { signatureMatches } from '../auth/request-signature';
import type { Principal } from '../auth/token-service';
import { csrfTokenOf, driverCookieOf } from './driver-cookie';

export interface DriverCaller {
  driver: Driver;
  session: DriverSession;
  csrfToken: string;
}

/** A session's use is noted at most this often: the console's "last used" to a few minutes, not a write per call. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/**
 * The signed-in driver, from the session cookie. The driver is read on every call, so a
 * removed driver's devices are signed out at once and a driver moved to another fleet works
 * that fleet's tasks from the next call. A change must carry the session's CSRF token.
 */
export function driverAuth(
  accounts: Pick<AccountReader, 'findDriverSession' | 'getDriver'>,
  touch: Pick<AccountSettings, 'touchDriverSession'>,
  clock: Clock,
): RequestHandler {
  return async (req, res, next) => {
    const token = driverCookieOf(req);
    const now = clock.now();
    const session = token ? await accounts.findDriverSession(driverSessionHash(token), now) : null;
    const driver = session ? await accounts.getDriver(session.driverId) : null;
    if (!token || !session || !driver || driver.accountId !== session.accountId) {
      return next(new DomainError('UNAUTHENTICATED', 'Sign in with your phone first'));
    }
    const csrfToken = csrfTokenOf(token);
    if (!SAFE_METHODS.has(req.method) && !signatureMatches(csrfToken, req.get('x-csrf-token') ?? '')) {
      return next(new DomainError('FORBIDDEN', 'This step needs the X-CSRF-Token header of your session'));
    }
    if (now.getTime() - Date.parse(session.lastUsedAt) > TOUCH_EVERY_MS) await touch.touchDriverSession(session.tokenHash);
    res.locals.driver = { driver, session, csrfToken } satisfies DriverCaller;
    // The caller an Idempotency-Key is scoped to: the driver, whichever device replays a step.
    res.locals.principal = { accountId: driver.accountId, clientId: `driver:${driver.id}`, fleetId: driver.fleetId } satisfies Principal;
    next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const driverCallerOf = (locals: Record<string, unknown>) => locals.driver as DriverCaller;
