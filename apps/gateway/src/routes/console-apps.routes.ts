import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { AccountReader, AccountSettings } from '@delivery/accounts';
import { consoleAddAppRequestSchema, DomainError } from '@delivery/contracts';
import { consoleAccountOf } from '../console/console-auth';
import { refusedAsInvalidRequest } from '../http/domain-refusal';
import { validate } from '../http/validate';
import { toConsoleClientApp } from '../mappers/console.mapper';

type Deps = { accounts: AccountReader; settings: AccountSettings };

const appParamsSchema = z.object({ clientId: z.string().min(1).max(200) });

/** The app a request names, among the caller's account's only: another account's client id is as unknown as a made-up one. */
const appRefOf = (locals: Record<string, unknown>, params: unknown) => ({
  clientId: validate(appParamsSchema, params).clientId,
  accountId: consoleAccountOf(locals),
});

const notFound = (clientId: string) => new DomainError('CLIENT_APP_NOT_FOUND', `No client app ${clientId}`);

/** Integrations → API: the account's apps, newest first. */
export function listAppsRoute({ accounts }: Deps): RequestHandler {
  return async (_req, res) => {
    const apps = await accounts.listClientApps(consoleAccountOf(res.locals));
    apps.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    res.json({ apps: apps.map(toConsoleClientApp) });
  };
}

/** Add app: its client id and secret, the secret answered this once only. */
export function addAppRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const { name } = validate(consoleAddAppRequestSchema, req.body);
    const { app, clientSecret } = await refusedAsInvalidRequest(() =>
      settings.createClientApp({ accountId: consoleAccountOf(res.locals), name }),
    );
    res.status(201).json({ app: toConsoleClientApp(app), client_secret: clientSecret });
  };
}

/** Spec 5.3: a new secret; the old one and every token issued under it stop at once. */
export function regenerateSecretRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const ref = appRefOf(res.locals, req.params);
    const issued = await refusedAsInvalidRequest(() => settings.regenerateClientSecret(ref));
    if (!issued) throw notFound(ref.clientId);
    res.json({ app: toConsoleClientApp(issued.app), client_secret: issued.clientSecret });
  };
}

/** Removes the app; its tokens stop working at once, since every token check reads the app. */
export function deleteAppRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const ref = appRefOf(res.locals, req.params);
    if (!(await refusedAsInvalidRequest(() => settings.removeClientApp(ref)))) throw notFound(ref.clientId);
    res.status(204).end();
  };
}
