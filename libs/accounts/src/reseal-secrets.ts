import type { AccountRepository } from './account.repository';
import type { SecretBox } from './secret-box';
import { withAccountSecrets, withEndpointSecrets, withFleetSecrets } from './sealed-account.repository';

/**
 * A key rotation's second step (the first is starting every process with the new
 * SECRETS_KEY and the old one in SECRETS_PREVIOUS_KEYS): every stored secret not sealed
 * with the current key, or stored before sealing, is sealed again with it. `stored` is the
 * adapter itself, so what this reads is what is on disk. Afterwards the old key can go.
 */
export async function resealStoredSecrets(
  stored: AccountRepository,
  box: SecretBox,
): Promise<{ apps: number; endpoints: number; fleets: number; accounts: number }> {
  const stale = (value: string | null | undefined) => !!value && !box.sealedWithCurrentKey(value);
  const reseal = (value: string) => box.seal(box.open(value));
  /** Whether any secret the record holds, as the sealing mapper finds them, needs sealing again. */
  const holdsStale = <T>(record: T, mapSecrets: (record: T, t: (value: string) => string) => T) => {
    let found = false;
    mapSecrets(record, (value) => ((found ||= stale(value)), value));
    return found;
  };
  const done = { apps: 0, endpoints: 0, fleets: 0, accounts: 0 };
  for (const account of await stored.listAccounts()) {
    if (account.notifications && holdsStale(account, withAccountSecrets)) {
      await stored.setDeliveryPolicies(account.id, { notifications: withAccountSecrets(account, reseal).notifications });
      done.accounts += 1;
    }
    for (const app of await stored.listClientApps(account.id)) {
      // Compared with what was read, so a secret regenerated meanwhile is left as that change stored it.
      if (stale(app.signingKey) && (await stored.replaceSigningKey(app.clientId, app.signingKey, reseal(app.signingKey)))) {
        done.apps += 1;
      }
    }
    for (const endpoint of await stored.listWebhookEndpoints(account.id)) {
      if (!holdsStale(endpoint, withEndpointSecrets)) continue;
      await stored.putWebhookEndpoint(withEndpointSecrets(endpoint, reseal));
      done.endpoints += 1;
    }
    for (const fleet of await stored.listFleets(account.id)) {
      if (!holdsStale(fleet, withFleetSecrets)) continue;
      await stored.putFleet(withFleetSecrets(fleet, reseal));
      done.fleets += 1;
    }
  }
  return done;
}
