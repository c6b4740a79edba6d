import { join } from 'node:path';
import { ensureDemoAccount } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { systemClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';

export const BENCH_ACCOUNT = 'bench';
export const BENCH_CARRIER = 'OWNFLEET';
export const BENCH_LEVEL = 'EXPRESS';

/**
 * Writes the account the bench calls as into a data dir's account store, before any app
 * runs on it: `npm start`'s demo account (a service plan and two fleets, so a Same-Day
 * order is dispatched as it is created), with quotas no run reaches. `withFleets: false`
 * leaves orders waiting unassigned, so a million stored ones start no sweep's work;
 * `perAppPerMinute` gives the app a quota the run does reach.
 */
export async function prepareBenchAccount(
  dataDir: string,
  { withFleets = true, perAppPerMinute = 1e9 } = {},
): Promise<{ clientId: string; clientSecret: string }> {
  const store = openEmbeddedStore(join(dataDir, 'accounts'));
  const accounts = new EmbeddedAccountRepository(store);
  try {
    const credentials = await ensureDemoAccount(
      { accountId: BENCH_ACCOUNT, carrierCode: BENCH_CARRIER, serviceLevel: BENCH_LEVEL },
      { accounts, clock: systemClock },
    );
    if (!credentials) throw new Error(`${dataDir} has accounts already`);
    await accounts.setRateLimits(BENCH_ACCOUNT, { perAppPerMinute, perAccountPerMinute: 1e9 });
    if (!withFleets) for (const fleet of await accounts.listFleets(BENCH_ACCOUNT)) await accounts.deleteFleet(BENCH_ACCOUNT, fleet.id);
    return { clientId: credentials.app.clientId, clientSecret: credentials.clientSecret };
  } finally {
    await accounts.close();
    await store.close();
  }
}
