import { z } from 'zod';
import { envFlag } from '@delivery/config';
import type { Clock } from '@delivery/clock';
import { createClientApp, type IssuedCredentials } from './settings/create-client-app';
import { DELIVERY_REQUIREMENTS } from '@delivery/contracts';
import { DEFAULT_RATE_CARD, FLEET_TYPE } from './fleet';
import type { AccountRepository } from './account.repository';

/** The first-start demo's settings, read by the standalone and by `npm run start:distributed`. */
export const demoAccountConfig = {
  DEMO_ACCOUNT: envFlag(true),
  DEMO_ACCOUNT_ID: z.string().min(1).default('demo'),
  DEMO_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]{3,100}$/, 'DEMO_CLIENT_ID: 3-100 letters, digits, _ . -')
    .optional(),
  DEMO_CLIENT_SECRET: z.string().min(22, 'DEMO_CLIENT_SECRET must be at least 22 characters (128 bits of base64)').optional(),
  DEMO_CARRIER_CODE: z.string().min(1).default('OWNFLEET'),
  DEMO_SERVICE_LEVEL: z.string().min(1).default('EXPRESS'),
  /** The sandbox fleet drives the demo account's fleets. */
  DEMO_SANDBOX: envFlag(true),
};
type DemoAccountConfig = z.infer<z.ZodObject<typeof demoAccountConfig>>;

export interface DemoSettings {
  accountId: string;
  clientId?: string;
  clientSecret?: string;
  carrierCode: string;
  serviceLevel: string;
}

/** The demo to create on a first start; null when DEMO_ACCOUNT is off. */
export const demoSettingsFrom = (config: DemoAccountConfig): DemoSettings | null =>
  config.DEMO_ACCOUNT
    ? {
        accountId: config.DEMO_ACCOUNT_ID,
        clientId: config.DEMO_CLIENT_ID,
        clientSecret: config.DEMO_CLIENT_SECRET,
        carrierCode: config.DEMO_CARRIER_CODE,
        serviceLevel: config.DEMO_SERVICE_LEVEL,
      }
    : null;

/**
 * On a first start (no account at all), creates a demo account with one client app, one
 * service plan (Same-Day flow) and two rate-card fleets (Planned flow: the demo carrier's
 * own fleet, and a sandbox fleet), so a newcomer can call the API at once. Returns the credentials to
 * show; null when accounts exist already.
 */
export async function ensureDemoAccount(
  settings: DemoSettings,
  deps: { accounts: AccountRepository; clock: Clock },
): Promise<IssuedCredentials | null> {
  if ((await deps.accounts.listAccounts()).length > 0) return null;
  const now = deps.clock.now().toISOString();
  await deps.accounts.createAccount({ id: settings.accountId, name: 'Demo retailer', createdAt: now });
  await deps.accounts.putServicePlan({
    accountId: settings.accountId,
    carrierCode: settings.carrierCode,
    serviceLevel: settings.serviceLevel,
    carrierName: 'Demo Own Fleet',
    currency: 'USD',
    baseCharge: 7.5,
    perKgCharge: 0.8,
  });
  // The sandbox drives both fleets: its simulated drivers collect every proof but a PIN, which only the recipient knows.
  const fleet = { accountId: settings.accountId, serviceLevels: [], capabilities: DELIVERY_REQUIREMENTS.filter((kind) => kind !== 'pin') };
  await deps.accounts.putFleet({
    ...fleet,
    id: 1,
    name: 'Demo Own Fleet',
    fleetType: FLEET_TYPE.internal,
    externalTeamId: 'demo-own',
    carrierCodes: [settings.carrierCode],
    connector: { ...DEFAULT_RATE_CARD, currency: 'USD' },
  });
  await deps.accounts.putFleet({
    ...fleet,
    id: 2,
    name: 'Demo Sandbox Fleet',
    fleetType: FLEET_TYPE.sandbox,
    externalTeamId: 'demo-sandbox',
    carrierCodes: ['SANDBOX'],
    connector: { ...DEFAULT_RATE_CARD, currency: 'USD', baseFee: 300, perKgFee: 80, windowMinutes: 180 },
  });
  return createClientApp(
    { accountId: settings.accountId, name: 'demo-app', clientId: settings.clientId, clientSecret: settings.clientSecret },
    deps,
  );
}

/**
 * The demo account has no drivers of its own, so the sandbox fleet drives each of its fleets
 * through the fleet API, as a fleet's app would. Each start makes a fresh fleet app per
 * fleet (its secret lives only in the process that drives it) and removes the previous start's.
 */
export async function issueSandboxFleetApps(
  accountId: string,
  deps: { accounts: AccountRepository; clock: Clock },
): Promise<{ clientId: string; clientSecret: string; fleetId: number }[]> {
  const apps = await deps.accounts.listClientApps(accountId);
  const issued: { clientId: string; clientSecret: string; fleetId: number }[] = [];
  for (const fleet of await deps.accounts.listFleets(accountId)) {
    const name = `sandbox-driver-fleet-${fleet.id}`;
    for (const previous of apps.filter((app) => app.name === name)) await deps.accounts.deleteClientApp(previous.clientId);
    const { app, clientSecret } = await createClientApp({ accountId, name, fleetId: fleet.id, managedBy: 'sandbox' }, deps);
    issued.push({ clientId: app.clientId, clientSecret, fleetId: fleet.id });
  }
  return issued;
}

/** What a first start prints: the demo account and how to get a token with its secret, shown only then. */
export function firstStartLines(credentials: IssuedCredentials, settings: DemoSettings, gatewayUrl: string): string {
  const { app, clientSecret } = credentials;
  return [
    '',
    `First start: created demo account "${app.accountId}" with service plan ${settings.carrierCode} / ${settings.serviceLevel}.`,
    'Its client secret is shown only now. Get a token with:',
    `  curl -s -X POST ${gatewayUrl}/oauth/token -F grant_type=client_credentials -F client_id=${app.clientId} -F client_secret=${clientSecret}`,
    '',
  ].join('\n');
}
