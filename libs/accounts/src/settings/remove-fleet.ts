import type { SettingsDeps } from './settings-deps';

/**
 * Deletes an account's fleet and its drivers: Get Quotes stops asking it, reservations already
 * held keep their quote. What other stores keep of it goes too, best effort (`releaseFleet`). False
 * when the account has no such fleet.
 */
export async function removeFleet(
  accountId: string,
  fleetId: number,
  { accounts, releaseFleet }: Pick<SettingsDeps, 'accounts' | 'releaseFleet'>,
): Promise<boolean> {
  const fleet = await accounts.getFleet(accountId, fleetId);
  if (!fleet || !(await accounts.deleteFleet(accountId, fleetId))) return false;
  // Its drivers go with it: a fleet added again under its id starts with none.
  for (const driver of await accounts.listDrivers(accountId, fleetId)) await accounts.deleteDriver(driver.id);
  await releaseFleet?.(fleet).catch(() => undefined);
  return true;
}
