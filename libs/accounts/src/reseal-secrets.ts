import type { AccountRepository } from './account.repository';
import type { SecretBox } from './secret-box';
import { SealedAccountRepository } from './sealed-account.repository';

/**
 * A key rotation's second step (the first is starting every process with the new
 * SECRETS_KEY and the old one in SECRETS_PREVIOUS_KEYS): every stored secret not sealed
 * with the current key, or stored before sealing, is sealed again with it. `stored` is the
 * adapter itself, so what this reads is what is on disk. Afterwards the old key can go.
 */
export async function resealStoredSecrets(
  stored: AccountRepository,
  box: SecretBox,
): Promise<{ apps: number; endpoints: number; fleets: number }> {
  const sealed = new SealedAccountRepository(stored, box);
  const stale = (value: string | null | undefined) => !!value && !box.sealedWithCurrentKey(value);
  const done = { apps: 0, endpoints: 0, fleets: 0 };
  for (const account of await stored.listAccounts()) {
    for (const app of await stored.listClientApps(account.id)) {
      // Compared with what was read, so a secret regenerated meanwhile is left as that change stored it.
      if (stale(app.signingKey) && (await stored.replaceSigningKey(app.clientId, app.signingKey, box.seal(box.open(app.signingKey))))) {
        done.apps += 1;
      }
    }
    for (const endpoint of await stored.listWebhookEndpoints(account.id)) {
      const { credentials: c } = endpoint;
      const values = [
        ...endpoint.secrets.map((s) => s.secret),
        ...(c.kind === 'basic' ? [c.password] : c.kind === 'bearer' ? [c.token] : c.kind === 'headers' ? Object.values(c.headers) : []),
      ];
      if (!values.some(stale)) continue;
      await sealed.putWebhookEndpoint((await sealed.getWebhookEndpoint(endpoint.id))!);
      done.endpoints += 1;
    }
    for (const fleet of await stored.listFleets(account.id)) {
      if (fleet.connector.kind !== 'http' || !stale(fleet.connector.signingSecret)) continue;
      const open = (await sealed.listFleets(account.id)).find((f) => f.id === fleet.id)!;
      await sealed.putFleet(open);
      done.fleets += 1;
    }
  }
  return done;
}
