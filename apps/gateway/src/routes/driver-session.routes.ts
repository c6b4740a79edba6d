import type { RequestHandler } from 'express';
import { E164_PHONE, normalizePhone, type AccountReader, type AccountSettings, type Driver } from '@delivery/accounts';
import { DomainError, driverCodeRequestSchema, driverSignInRequestSchema, type DriverSessionView } from '@delivery/contracts';
import type { SecureCookies } from '../console/session-cookie';
import { driverCallerOf } from '../drivers/driver-auth';
import { clearDriverCookie, csrfTokenOf, setDriverCookie } from '../drivers/driver-cookie';
import type { DriverSignInGuard } from '../drivers/sign-in-guard';
import type { SignInCodes } from '../drivers/sign-in-codes';
import { validate } from '../http/validate';
import { sourceOfRequest } from '../protection/source-address';

/** Sends a driver their code by SMS through the account's message channel: false when it has none (or the send failed). */
export type SendSignInCode = (input: { accountId: string; phone: string; code: string }) => Promise<boolean>;

export interface DriverSessionDeps {
  accounts: AccountReader;
  settings: AccountSettings;
  codes: SignInCodes;
  guard: DriverSignInGuard;
  sendCode: SendSignInCode;
  secureCookies: SecureCookies;
  logger: Pick<Console, 'error'>;
}

/** The phone as the limits count it: the account's, whatever way it was written. */
const phoneKeyOf = (account: string, phone: string) => `${account}|${normalizePhone(phone)}`;

/** The account's driver with this phone, or null: unknown phones and unusable ones alike, so no answer tells them apart. */
async function driverWithPhone(accounts: AccountReader, account: string, phone: string): Promise<Driver | null> {
  const normalized = normalizePhone(phone);
  return E164_PHONE.test(normalized) ? accounts.findDriverByPhone(account, normalized) : null;
}

export const CODE_ON_ITS_WAY =
  'If this phone is one of the account’s drivers, a sign-in code is on its way by SMS. None within a minute? Ask your dispatcher for one.';

/**
 * A driver asks for a sign-in code. Every ask counts against the phone and the address
 * (an SMS costs money); the answer is the same whether or not the phone is a driver's, and
 * whether or not the account sends SMS (its dispatcher then makes the code in the console).
 */
export function requestSignInCodeRoute({ accounts, codes, guard, sendCode, logger }: DriverSessionDeps): RequestHandler {
  return async (req, res) => {
    const { account, phone } = validate(driverCodeRequestSchema, req.body);
    await guard.admitCodeRequest(res, sourceOfRequest(req), phoneKeyOf(account, phone));
    const driver = await driverWithPhone(accounts, account, phone);
    if (driver) {
      const { code } = await codes.issue(driver.accountId, driver.id, 'sms');
      // Not waited for: the SMS's round trip would tell a known phone from an unknown one by the
      // answer's time. A failed send is the dispatcher's to cover; the code itself is never logged.
      void sendCode({ accountId: driver.accountId, phone: driver.phone, code }).catch((error: unknown) => {
        logger.error(`sign-in code for driver ${driver.id} not sent: ${(error as Error).message}`);
      });
    }
    res.status(202).json({ message: CODE_ON_ITS_WAY });
  };
}

const sessionView = (driver: Driver, csrfToken: string): DriverSessionView => ({
  driver: { id: driver.id, name: driver.name, fleet_id: driver.fleetId, account_id: driver.accountId },
  csrf_token: csrfToken,
});

/** A driver signs in with the code: a session cookie for this device, and the CSRF token its steps carry. */
export function signInDriverRoute({ accounts, settings, codes, guard, secureCookies }: DriverSessionDeps): RequestHandler {
  return async (req, res) => {
    const { account, phone, code } = validate(driverSignInRequestSchema, req.body);
    const [address, phoneKey] = [sourceOfRequest(req), phoneKeyOf(account, phone)];
    await guard.admitCode(res, address, phoneKey);
    const driver = await driverWithPhone(accounts, account, phone);
    if (!(await codes.redeem(account, driver?.id ?? null, code)) || !driver) {
      await guard.failed(address, phoneKey);
      throw new DomainError('UNAUTHENTICATED', 'The code is wrong or has expired: ask for a new one');
    }
    const { token } = await settings.startDriverSession(driver, req.get('user-agent') ?? '');
    setDriverCookie(req, res, token, secureCookies);
    res.json(sessionView(driver, csrfTokenOf(token)));
  };
}

/** Who is signed in; the app reads its CSRF token here after a reload. */
export const currentDriverSessionRoute: RequestHandler = (_req, res) => {
  const { driver, csrfToken } = driverCallerOf(res.locals);
  res.json(sessionView(driver, csrfToken));
};

/** Signs this device out: its session ends, the others of the driver go on. */
export function signOutDriverRoute({ settings, secureCookies }: Pick<DriverSessionDeps, 'settings' | 'secureCookies'>): RequestHandler {
  return async (req, res) => {
    const { driver, session } = driverCallerOf(res.locals);
    await settings.revokeDriverSession({
      accountId: driver.accountId,
      fleetId: driver.fleetId,
      driverId: driver.id,
      sessionId: session.id,
    });
    clearDriverCookie(req, res, secureCookies);
    res.status(204).end();
  };
}
