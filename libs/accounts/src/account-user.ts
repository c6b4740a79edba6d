/** What a console user may do in their account: an owner also manages users, a viewer only reads. */
export const USER_ROLES = ['owner', 'admin', 'viewer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const isUserRole = (value: unknown): value is UserRole => (USER_ROLES as readonly unknown[]).includes(value);

/** A person who signs in to the account settings console (issue 16); one account each. */
export interface AccountUser {
  id: string;
  accountId: string;
  /** Lower case; unique across accounts, since it is what a user signs in with. */
  email: string;
  name: string;
  role: UserRole;
  /** scrypt, see password.ts; the password itself is never stored. */
  passwordHash: string;
  createdAt: string;
}

/** Addresses compare without case and surrounding spaces. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
