import type { AccountUser } from '../account-user';
import { generatePassword } from '../password';
import type { SettingsDeps } from './settings-deps';
import { setPassword } from './user-password';

/** For a user who forgot theirs: a generated password to hand over, answered once. */
export async function resetUserPassword(
  user: AccountUser,
  deps: Pick<SettingsDeps, 'accounts'>,
): Promise<{ user: AccountUser; password: string }> {
  const password = generatePassword();
  return { user: await setPassword(user, password, deps), password };
}
