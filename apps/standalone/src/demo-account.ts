import { createClientApp, type AccountRepository, type IssuedCredentials } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';

export interface DemoSettings {
  accountId: string;
  clientId?: string;
  clientSecret?: string;
  carrierCode: string;
  serviceLevel: string;
}

/**
 * On a first start (no account at all), creates a demo account with one client app and
 * one service plan, so a newcomer can call the API at once. Returns the credentials to
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
  return createClientApp(
    { accountId: settings.accountId, name: 'demo-app', clientId: settings.clientId, clientSecret: settings.clientSecret },
    deps,
  );
}
