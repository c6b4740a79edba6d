import { driverOfFleet } from '../driver';
import type { SettingsDeps } from './settings-deps';

/** Removes a driver of the fleet named; false when the fleet has no such driver (another fleet's or account's id included). */
export async function removeDriver(
  ref: { accountId: string; fleetId: number; driverId: string },
  { accounts }: Pick<SettingsDeps, 'accounts'>,
): Promise<boolean> {
  const driver = await driverOfFleet(accounts, ref);
  if (!driver) return false;
  return accounts.deleteDriver(driver.id);
}
