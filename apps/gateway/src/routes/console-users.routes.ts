import type { RequestHandler } from 'express';
import { z } from 'zod';
import { generatePassword, type AccountReader, type AccountSettings, type AccountUser } from '@delivery/accounts';
import { consoleAddUserRequestSchema, consoleSetRoleRequestSchema, DomainError } from '@delivery/contracts';
import { consoleAccountOf } from '../console/console-auth';
import { refusedAsInvalidRequest } from '../http/domain-refusal';
import { validate } from '../http/validate';
import { toConsoleUser } from '../mappers/console.mapper';

type Deps = { accounts: AccountReader; settings: AccountSettings };

const userParamsSchema = z.object({ userId: z.string().min(1).max(200) });

/** The user, if they are of the caller's account: another account's user id is as unknown as a made-up one. */
async function userOfCallersAccount(accounts: AccountReader, locals: Record<string, unknown>, params: unknown): Promise<AccountUser> {
  const { userId } = validate(userParamsSchema, params);
  const user = await accounts.getUser(userId);
  if (!user || user.accountId !== consoleAccountOf(locals)) throw new DomainError('USER_NOT_FOUND', `No user ${userId}`);
  return user;
}

export function listUsersRoute({ accounts }: Deps): RequestHandler {
  return async (_req, res) => {
    const users = await accounts.listUsers(consoleAccountOf(res.locals));
    res.json({ users: users.map((user) => ({ ...toConsoleUser(user), created_at: user.createdAt })) });
  };
}

/** A colleague of the owner's account, with a generated password the owner hands over: answered this once. */
export function addUserRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const body = validate(consoleAddUserRequestSchema, req.body);
    const password = generatePassword();
    const accountId = consoleAccountOf(res.locals);
    const user = await refusedAsInvalidRequest(() => settings.createAccountUser({ ...body, accountId, password }));
    res.status(201).json({ user: toConsoleUser(user), password });
  };
}

export function setUserRoleRoute(deps: Deps): RequestHandler {
  return async (req, res) => {
    const user = await userOfCallersAccount(deps.accounts, res.locals, req.params);
    const { role } = validate(consoleSetRoleRequestSchema, req.body);
    res.json({ user: toConsoleUser(await refusedAsInvalidRequest(() => deps.settings.changeUserRole(user, role))) });
  };
}

/** A generated password for a user who forgot theirs, answered this once; their sessions end. */
export function resetPasswordRoute(deps: Deps): RequestHandler {
  return async (req, res) => {
    const user = await userOfCallersAccount(deps.accounts, res.locals, req.params);
    const { password } = await deps.settings.resetUserPassword(user);
    res.json({ user: toConsoleUser(user), password });
  };
}

/** Removes the user; their sessions end at once, since every call reads its user. */
export function removeUserRoute(deps: Deps): RequestHandler {
  return async (req, res) => {
    const user = await userOfCallersAccount(deps.accounts, res.locals, req.params);
    await refusedAsInvalidRequest(() => deps.settings.removeAccountUser(user));
    res.status(204).end();
  };
}
