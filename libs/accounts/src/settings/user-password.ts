import type { AccountUser } from '../account-user';
import { InvalidUser } from '../account-users';
import { hashPassword } from '../password';
import type { SettingsDeps } from './settings-deps';

/** Stores the user's new password's hash: their sessions, which check it, end. */
export async function setPassword(user: AccountUser, password: string, { accounts }: Pick<SettingsDeps, 'accounts'>): Promise<AccountUser> {
  const passwordHash = await hashPassword(password);
  if (!(await accounts.setUserPassword(user.id, passwordHash))) throw new InvalidUser(`no user ${user.email}`);
  return { ...user, passwordHash };
}
