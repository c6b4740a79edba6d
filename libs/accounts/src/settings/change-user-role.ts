import { isUserRole, type AccountUser } from '../account-user';
import { InvalidUser, leavesNoOwner } from '../account-users';
import type { SettingsDeps } from './settings-deps';

/** Another role for the user; the account keeps at least one owner. */
export async function changeUserRole(user: AccountUser, role: string, { accounts }: Pick<SettingsDeps, 'accounts'>): Promise<AccountUser> {
  if (!isUserRole(role)) throw new InvalidUser(`role must be owner, admin or viewer, not ${role}`);
  if (await leavesNoOwner(accounts, user, role)) throw new InvalidUser('an account keeps at least one owner');
  await accounts.setUserRole(user.id, role);
  return { ...user, role };
}
