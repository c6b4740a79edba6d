import type { AccountUser } from '../account-user';
import { checkPassword, WrongCurrentPassword } from '../account-users';
import { verifyPassword } from '../password';
import type { SettingsDeps } from './settings-deps';
import { setPassword } from './user-password';

/** The user's own change: the current password proves it is them, not someone at an unlocked screen. */
export async function changeOwnPassword(
  user: AccountUser,
  passwords: { current: string; next: string },
  deps: Pick<SettingsDeps, 'accounts'>,
): Promise<AccountUser> {
  if (!(await verifyPassword(passwords.current, user.passwordHash))) throw new WrongCurrentPassword();
  checkPassword('new_password', passwords.next);
  return setPassword(user, passwords.next, deps);
}
