import { driverOfFleet } from '../driver';
import type { SettingsDeps } from './settings-deps';

/**
 * Ends a session of a driver of the fleet named (a lost phone): its device is signed out at
 * its next call. False when the fleet has no such driver, or the driver no such session.
 */
export async function revokeDriverSession(
  ref: { accountId: string; fleetId: number; driverId: string; sessionId: string },
  { accounts }: Pick<SettingsDeps, 'accounts'>,
): Promise<boolean> {
  const driver = await driverOfFleet(accounts, ref);
  if (!driver) return false;
  return accounts.deleteDriverSession(ref.accountId, driver.id, ref.sessionId);
}
