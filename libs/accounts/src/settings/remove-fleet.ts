import type { SettingsDeps } from './settings-deps';

/**
 * Deletes an account's fleet: Get Quotes stops asking it, reservations already held keep
 * their quote. What other stores keep of it goes too, best effort (`releaseFleet`). False
 * when the account has no such fleet.
 */
export async function removeFleet(
  accountId: string,
  fleetId: number,
  { accounts, releaseFleet }: Pick<SettingsDeps, 'accounts' | 'releaseFleet'>,
): Promise<boolean> {
  const fleet = await accounts.getFleet(accountId, fleetId);
  if (!fleet || !(await accounts.deleteFleet(accountId, fleetId))) return false;
  await releaseFleet?.(fleet).catch(() => undefined);
  return true;
}
