import type { RequestHandler } from 'express';
import { z } from 'zod';
import { createClientApp, regenerateClientSecret, type AccountRepository, type ClientApp } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { consoleAddAppRequestSchema, DomainError } from '@delivery/contracts';
import { consoleAccountOf } from '../console/console-auth';
import { validate } from '../http/validate';
import { toConsoleClientApp } from '../mappers/console.mapper';

type Deps = { accounts: AccountRepository; clock: Clock };

const appParamsSchema = z.object({ clientId: z.string().min(1).max(200) });

/** The app, if it is the caller's account's: another account's client id is as unknown as a made-up one. */
async function appOfCaller(accounts: AccountRepository, accountId: string, params: unknown): Promise<ClientApp> {
  const { clientId } = validate(appParamsSchema, params);
  const app = await accounts.getClientApp(clientId);
  if (!app || app.accountId !== accountId) throw new DomainError('CLIENT_APP_NOT_FOUND', `No client app ${clientId}`);
  return app;
}

/** The sandbox fleet's own apps: it holds their secrets in memory and drives the fleets with them until the next start. */
function refuseManaged(app: ClientApp, change: string): void {
  if (app.managedBy === 'sandbox') {
    throw new DomainError(
      'CLIENT_APP_MANAGED',
      `${app.name} is the sandbox fleet's own app, remade at each start; it cannot be ${change} here`,
    );
  }
}

/** Integrations → API: the account's apps, newest first. */
export function listAppsRoute({ accounts }: Deps): RequestHandler {
  return async (_req, res) => {
    const apps = await accounts.listClientApps(consoleAccountOf(res.locals));
    apps.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    res.json({ apps: apps.map(toConsoleClientApp) });
  };
}

/** Add app: its client id and secret, the secret answered this once only. */
export function addAppRoute(deps: Deps): RequestHandler {
  return async (req, res) => {
    const { name } = validate(consoleAddAppRequestSchema, req.body);
    const { app, clientSecret } = await createClientApp({ accountId: consoleAccountOf(res.locals), name }, deps);
    res.status(201).json({ app: toConsoleClientApp(app), client_secret: clientSecret });
  };
}

/** Spec 5.3: a new secret; the old one and every token issued under it stop at once. */
export function regenerateSecretRoute(deps: Deps): RequestHandler {
  return async (req, res) => {
    const app = await appOfCaller(deps.accounts, consoleAccountOf(res.locals), req.params);
    refuseManaged(app, 'given a new secret');
    const { app: updated, clientSecret } = await regenerateClientSecret(app.clientId, deps);
    res.json({ app: toConsoleClientApp(updated), client_secret: clientSecret });
  };
}

/** Removes the app; its tokens stop working at once, since every token check reads the app. */
export function deleteAppRoute({ accounts }: Deps): RequestHandler {
  return async (req, res) => {
    const app = await appOfCaller(accounts, consoleAccountOf(res.locals), req.params);
    refuseManaged(app, 'deleted');
    await accounts.deleteClientApp(app.clientId);
    res.status(204).end();
  };
}
