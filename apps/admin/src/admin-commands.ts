import { randomBytes } from 'node:crypto';
import { createClientApp, regenerateClientSecret, type AccountRepository, type ClientApp } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';

export interface AdminDeps {
  accounts: AccountRepository;
  clock: Clock;
}

export type Options = Record<string, string | undefined>;

export class UsageError extends Error {}

function required(options: Options, name: string): string {
  const value = options[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function amount(options: Options, name: string, fallback: number): number {
  const raw = options[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new UsageError(`--${name} must be a non-negative number`);
  return value;
}

/** Never shows a secret hash: apps are listed by what an operator needs to recognise them. */
const publicApp = ({ clientId, accountId, name, secretGeneration, createdAt, secretRotatedAt }: ClientApp) => ({
  clientId,
  accountId,
  name,
  secretGeneration,
  createdAt,
  secretRotatedAt,
});

/** Each command returns what it prints; the caller formats it as text or JSON. */
export const adminCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'create-account': async (options, { accounts, clock }) => {
    if (options.id !== undefined && !/^[\w.-]{1,64}$/.test(options.id)) {
      throw new UsageError('--id must be 1-64 letters, digits, _ . or -');
    }
    const account = {
      id: options.id ?? `acc_${randomBytes(8).toString('hex')}`,
      name: required(options, 'name'),
      createdAt: clock.now().toISOString(),
    };
    if (!(await accounts.createAccount(account))) throw new UsageError(`account ${account.id} exists already`);
    return account;
  },

  'list-accounts': async (_options, { accounts }) => accounts.listAccounts(),

  'create-app': async (options, deps) => {
    const { app, clientSecret } = await createClientApp({ accountId: required(options, 'account'), name: required(options, 'name') }, deps);
    return { ...publicApp(app), clientSecret };
  },

  'regenerate-secret': async (options, deps) => {
    const { app, clientSecret } = await regenerateClientSecret(required(options, 'client-id'), deps);
    return { ...publicApp(app), clientSecret };
  },

  'list-apps': async (options, { accounts }) => (await accounts.listClientApps(required(options, 'account'))).map(publicApp),

  'add-service-plan': async (options, { accounts }) => {
    const accountId = required(options, 'account');
    if (!(await accounts.getAccount(accountId))) throw new UsageError(`no account ${accountId}`);
    const currency = options.currency ?? 'USD';
    if (!/^[A-Z]{3}$/.test(currency)) throw new UsageError('--currency must be a three-letter code');
    const plan = {
      accountId,
      carrierCode: required(options, 'carrier-code'),
      serviceLevel: required(options, 'service-level'),
      carrierName: options['carrier-name'] ?? required(options, 'carrier-code'),
      currency,
      baseCharge: amount(options, 'base-charge', 0),
      perKgCharge: amount(options, 'per-kg-charge', 0),
    };
    await accounts.putServicePlan(plan);
    return plan;
  },

  'list-service-plans': async (options, { accounts }) => accounts.listServicePlans(required(options, 'account')),
};

export const USAGE = `Usage: npm run admin -- <command> [--option value ...] [--json]

Commands:
  create-account      --name NAME [--id ID]
  list-accounts
  create-app          --account ID --name NAME          prints client_id and client_secret (shown once)
  regenerate-secret   --client-id ID                    new secret; the old one and its tokens stop working
  list-apps           --account ID
  add-service-plan    --account ID --carrier-code CODE --service-level LEVEL
                      [--carrier-name NAME] [--currency USD] [--base-charge 0] [--per-kg-charge 0]
  list-service-plans  --account ID

Works on the embedded data under DATA_DIR (default ./data), or on MongoDB when MONGO_URL is set.
--json prints JSON for scripts; --env prints shell exports of CLIENT_ID and CLIENT_SECRET (create-app, regenerate-secret).`;
