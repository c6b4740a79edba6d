import { randomBytes } from 'node:crypto';
import { isUserRole, normalizeEmail, type AccountUser, type UserRole } from '../account-user';
import { checkPassword, EMAIL, InvalidUser } from '../account-users';
import { hashPassword } from '../password';
import type { SettingsDeps } from './settings-deps';

/** A user of the account, who signs in to the console with the email and password; InvalidUser naming the field otherwise. */
export async function createAccountUser(
  input: { accountId: string; email: string; name: string; role: UserRole | string; password: string },
  { accounts, clock }: Pick<SettingsDeps, 'accounts' | 'clock'>,
): Promise<AccountUser> {
  const email = normalizeEmail(input.email);
  if (!EMAIL.test(email) || email.length > 254) throw new InvalidUser(`email ${input.email} is not an email address`);
  if (!isUserRole(input.role)) throw new InvalidUser(`role must be owner, admin or viewer, not ${input.role}`);
  const name = input.name.trim();
  if (!name || name.length > 100) throw new InvalidUser('name must be 1 to 100 characters');
  checkPassword('password', input.password);
  if (!(await accounts.getAccount(input.accountId))) throw new InvalidUser(`no account ${input.accountId}`);
  const user: AccountUser = {
    id: `usr_${randomBytes(12).toString('hex')}`,
    accountId: input.accountId,
    email,
    name,
    role: input.role,
    passwordHash: await hashPassword(input.password),
    createdAt: clock.now().toISOString(),
  };
  if (!(await accounts.createUser(user))) throw new InvalidUser(`email: this account has a user with ${email} already`);
  return user;
}
