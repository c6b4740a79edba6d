import { generatePassword, normalizeEmail, publicUser } from '@delivery/accounts';
import type { AdminDeps } from './admin-deps';
import { NotFound, asUsage, required, UsageError, type Options } from './command-options';

/** The user of `--email`, in `--account` when given: an email may be a user of several accounts. */
async function userByEmail(options: Options, { accounts }: AdminDeps) {
  const email = normalizeEmail(required(options, 'email'));
  const users = (await accounts.findUsersByEmail(email)).filter((user) => !options.account || user.accountId === options.account);
  if (users.length === 0) throw new NotFound(`no user ${email}${options.account ? ` in account ${options.account}` : ''}`);
  if (users.length > 1) throw new UsageError(`${email} is a user of several accounts; say which with --account`);
  return users[0]!;
}

/** The console's users (issue 16): the operator makes an account's first owner, who can then add the others. */
export const userCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'create-user': async (options, deps) => {
    // The operator hands this over once; the user signs in with it.
    const password = generatePassword();
    const input = {
      accountId: required(options, 'account'),
      email: required(options, 'email'),
      name: options.name ?? required(options, 'email'),
      role: options.role ?? 'owner',
      password,
    };
    const user = await asUsage(() => deps.settings.createAccountUser(input));
    return { ...publicUser(user), password };
  },

  'list-users': async (options, { accounts }) => (await accounts.listUsers(required(options, 'account'))).map(publicUser),

  'set-user-role': async (options, deps) => {
    const role = required(options, 'role');
    const user = await userByEmail(options, deps);
    return publicUser(await asUsage(() => deps.settings.changeUserRole(user, role)));
  },

  'reset-password': async (options, deps) => {
    const { user, password } = await asUsage(async () => deps.settings.resetUserPassword(await userByEmail(options, deps)));
    // Sessions hold a stamp of the password they began with, so the user's end with the old one.
    return { ...publicUser(user), password, sessions: 'ended' };
  },

  'remove-user': async (options, deps) => {
    const user = await userByEmail(options, deps);
    // Sessions check their user on every call, so theirs end with it.
    await asUsage(() => deps.settings.removeAccountUser(user));
    return { removed: user.email, sessions: 'ended' };
  },
};
