import type { AccountUser } from '../account-user';
import { InvalidUser, leavesNoOwner } from '../account-users';
import type { SettingsDeps } from './settings-deps';

/** Removes the user; their sessions end at once, since every call reads its user. The account keeps at least one owner. */
export async function removeAccountUser(user: AccountUser, { accounts }: Pick<SettingsDeps, 'accounts'>): Promise<void> {
  if (await leavesNoOwner(accounts, user, null)) throw new InvalidUser('an account keeps at least one owner');
  await accounts.deleteUser(user.id);
}
