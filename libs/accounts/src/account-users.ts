import { randomBytes } from 'node:crypto';
import type { Clock } from '@delivery/clock';
import { isUserRole, normalizeEmail, type AccountUser, type UserRole } from './account-user';
import type { AccountRepository } from './account.repository';
import { generatePassword, hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, UNKNOWN_USER_HASH, verifyPassword } from './password';

/** A request to add a user that cannot be carried out as given; its message names the field. */
export class InvalidUser extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidUser';
  }
}

/** The current password given with a change is not the user's: a failed sign-in, in effect. */
export class WrongCurrentPassword extends InvalidUser {
  constructor() {
    super('current_password is not your password');
    this.name = 'WrongCurrentPassword';
  }
}

// Deliberately loose: one @, something on each side, a dot in the domain. Delivery is the real check.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function createAccountUser(
  input: { accountId: string; email: string; name: string; role: UserRole | string; password: string },
  { accounts, clock }: { accounts: AccountRepository; clock: Clock },
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

/** How many accounts' users one email may sign in as; each costs a password hash at sign-in. */
export const MAX_ACCOUNTS_PER_EMAIL = 5;

/**
 * The user an email and password sign in as: of every account's user with the email, the
 * oldest whose password matches (docs/decisions.md, "Console users"). An unknown email
 * costs one hash, as a wrong password for one account does.
 */
export async function userSigningIn(email: string, password: string, accounts: AccountRepository): Promise<AccountUser | null> {
  const candidates = (await accounts.findUsersByEmail(normalizeEmail(email))).slice(0, MAX_ACCOUNTS_PER_EMAIL);
  if (candidates.length === 0) {
    await verifyPassword(password, UNKNOWN_USER_HASH);
    return null;
  }
  for (const user of candidates) if (await verifyPassword(password, user.passwordHash)) return user;
  return null;
}

function checkPassword(field: string, password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new InvalidUser(`${field} must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`);
  }
}

async function setPassword(user: AccountUser, password: string, { accounts }: { accounts: AccountRepository }): Promise<AccountUser> {
  const passwordHash = await hashPassword(password);
  if (!(await accounts.setUserPassword(user.id, passwordHash))) throw new InvalidUser(`no user ${user.email}`);
  return { ...user, passwordHash };
}

/** The user's own change: the current password proves it is them, not someone at an unlocked screen. */
export async function changeOwnPassword(
  user: AccountUser,
  passwords: { current: string; next: string },
  deps: { accounts: AccountRepository },
): Promise<AccountUser> {
  if (!(await verifyPassword(passwords.current, user.passwordHash))) throw new WrongCurrentPassword();
  checkPassword('new_password', passwords.next);
  return setPassword(user, passwords.next, deps);
}

/** For a user who forgot theirs: a generated password to hand over, answered once. */
export async function resetUserPassword(
  user: AccountUser,
  deps: { accounts: AccountRepository },
): Promise<{ user: AccountUser; password: string }> {
  const password = generatePassword();
  return { user: await setPassword(user, password, deps), password };
}

/** A user as shown to people: never the password hash. */
export const publicUser = ({ passwordHash: _, ...user }: AccountUser) => user;

/** Whether the change leaves the account without an owner, which nobody could then repair from the console. */
async function leavesNoOwner(accounts: AccountRepository, user: AccountUser, newRole: UserRole | null): Promise<boolean> {
  if (user.role !== 'owner' || newRole === 'owner') return false;
  const owners = (await accounts.listUsers(user.accountId)).filter((u) => u.role === 'owner');
  return owners.length <= 1;
}

export async function changeUserRole(user: AccountUser, role: string, { accounts }: { accounts: AccountRepository }): Promise<AccountUser> {
  if (!isUserRole(role)) throw new InvalidUser(`role must be owner, admin or viewer, not ${role}`);
  if (await leavesNoOwner(accounts, user, role)) throw new InvalidUser('an account keeps at least one owner');
  await accounts.setUserRole(user.id, role);
  return { ...user, role };
}

export async function removeAccountUser(user: AccountUser, { accounts }: { accounts: AccountRepository }): Promise<void> {
  if (await leavesNoOwner(accounts, user, null)) throw new InvalidUser('an account keeps at least one owner');
  await accounts.deleteUser(user.id);
}
