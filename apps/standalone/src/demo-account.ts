import { createClientApp, DEFAULT_RATE_CARD, FLEET_TYPE, type AccountRepository, type IssuedCredentials } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';

export interface DemoSettings {
  accountId: string;
  clientId?: string;
  clientSecret?: string;
  carrierCode: string;
  serviceLevel: string;
}

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
  const fleet = { accountId: settings.accountId, serviceLevels: [] };
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
