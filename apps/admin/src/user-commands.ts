import { createAccountUser, generatePassword, InvalidUser, isUserRole, normalizeEmail, publicUser } from '@delivery/accounts';
import type { AdminDeps } from './admin-commands';
import { required, UsageError, type Options } from './command-options';

async function userByEmail(options: Options, { accounts }: AdminDeps) {
  const email = normalizeEmail(required(options, 'email'));
  const user = await accounts.findUserByEmail(email);
  if (!user) throw new UsageError(`no user ${email}`);
  return user;
}

/** The console's users (issue 16): the operator makes an account's first owner, who can then add the others. */
export const userCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'create-user': async (options, deps) => {
    // The operator hands this over once; the user signs in with it.
    const password = generatePassword();
    try {
      const user = await createAccountUser(
        {
          accountId: required(options, 'account'),
          email: required(options, 'email'),
          name: options.name ?? required(options, 'email'),
          role: options.role ?? 'owner',
          password,
        },
        deps,
      );
      return { ...publicUser(user), password };
    } catch (error) {
      throw error instanceof InvalidUser ? new UsageError(error.message) : error;
    }
  },

  'list-users': async (options, { accounts }) => (await accounts.listUsers(required(options, 'account'))).map(publicUser),

  'set-user-role': async (options, deps) => {
    const role = required(options, 'role');
    if (!isUserRole(role)) throw new UsageError('--role must be owner, admin or viewer');
    const user = await userByEmail(options, deps);
    await deps.accounts.setUserRole(user.id, role);
    return publicUser({ ...user, role });
  },

  'remove-user': async (options, deps) => {
    const user = await userByEmail(options, deps);
    // Sessions check their user on every call, so theirs end with it.
    await deps.accounts.deleteUser(user.id);
    return { removed: user.email, sessions: 'ended' };
  },
};
