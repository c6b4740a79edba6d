import { normalizeEmail, type AccountUser, type UserRole } from './account-user';
import type { AccountReader } from './account-reader';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, UNKNOWN_USER_HASH, verifyPassword } from './password';
import { InvalidSetting } from './settings/invalid-setting';

/** A request to add a user that cannot be carried out as given; its message names the field. */
export class InvalidUser extends InvalidSetting {}

/** The current password given with a change is not the user's: a failed sign-in, in effect. */
export class WrongCurrentPassword extends InvalidUser {
  constructor() {
    super('current_password is not your password');
  }
}

// Deliberately loose: one @, something on each side, a dot in the domain. Delivery is the real check.
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** How many accounts' users one email may sign in as; each costs a password hash at sign-in. */
export const MAX_ACCOUNTS_PER_EMAIL = 5;

/**
 * The user an email and password sign in as: of every account's user with the email, the
 * oldest whose password matches (docs/decisions.md, "Console users"). An unknown email
 * costs one hash, as a wrong password for one account does.
 */
export async function userSigningIn(email: string, password: string, accounts: AccountReader): Promise<AccountUser | null> {
  const candidates = (await accounts.findUsersByEmail(normalizeEmail(email))).slice(0, MAX_ACCOUNTS_PER_EMAIL);
  if (candidates.length === 0) {
    await verifyPassword(password, UNKNOWN_USER_HASH);
    return null;
  }
  for (const user of candidates) if (await verifyPassword(password, user.passwordHash)) return user;
  return null;
}

export function checkPassword(field: string, password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new InvalidUser(`${field} must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`);
  }
}

/** A user as shown to people: never the password hash. */
export const publicUser = ({ passwordHash: _, ...user }: AccountUser) => user;

/** Whether the change leaves the account without an owner, which nobody could then repair from the console. */
export async function leavesNoOwner(accounts: AccountReader, user: AccountUser, newRole: UserRole | null): Promise<boolean> {
  if (user.role !== 'owner' || newRole === 'owner') return false;
  const owners = (await accounts.listUsers(user.accountId)).filter((u) => u.role === 'owner');
  return owners.length <= 1;
}
