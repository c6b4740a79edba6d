import { createHash, randomBytes } from 'node:crypto';
import { DRIVER_SESSION_LIFETIME_MS, MAX_SESSIONS_PER_DRIVER, type Driver, type DriverSession } from '../driver';
import type { SettingsDeps } from './settings-deps';

/** The store's key of a session: the SHA-256 of its secret, so a reader of the store cannot sign in with what it reads. */
export const driverSessionHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** What a device's browser says of itself, cut to what tells two devices apart in a listing. */
const deviceOf = (userAgent: string) => userAgent.replace(/[^\x20-\x7e]/g, '').slice(0, 160) || 'unknown device';

/**
 * A signed-in device of the driver: its secret (the device's cookie, answered once) and the
 * session the console lists. A sign-in beyond MAX_SESSIONS_PER_DRIVER ends the driver's oldest
 * sessions, so what one driver keeps stays bounded.
 */
export async function startDriverSession(
  driver: Pick<Driver, 'id' | 'accountId'>,
  userAgent: string,
  { accounts, clock }: Pick<SettingsDeps, 'accounts' | 'clock'>,
): Promise<{ token: string; session: DriverSession }> {
  const now = clock.now();
  const token = randomBytes(32).toString('base64url');
  const session: DriverSession = {
    id: `dss_${randomBytes(12).toString('hex')}`,
    accountId: driver.accountId,
    driverId: driver.id,
    tokenHash: driverSessionHash(token),
    device: deviceOf(userAgent),
    createdAt: now.toISOString(),
    lastUsedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + DRIVER_SESSION_LIFETIME_MS).toISOString(),
  };
  await accounts.createDriverSession(session);
  const sessions = await accounts.listDriverSessions(driver.accountId, driver.id, now);
  for (const old of sessions.slice(0, Math.max(0, sessions.length - MAX_SESSIONS_PER_DRIVER))) {
    await accounts.deleteDriverSession(driver.accountId, driver.id, old.id);
  }
  return { token, session };
}
