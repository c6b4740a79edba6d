import { join } from 'node:path';
import { ensureDemoAccount, issueSandboxFleetApps, withSealedSecrets, type DemoSettings, type IssuedCredentials } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { MongoAccountRepository } from '@delivery/accounts/mongo';
import { systemClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';

export interface DemoSetup {
  /** The demo app's credentials on a first start (no account yet); null otherwise. */
  credentials: IssuedCredentials | null;
  /** Fresh fleet apps for the sandbox fleet to drive the demo account's fleets; none without `sandbox`. */
  sandboxApps: { clientId: string; clientSecret: string }[];
}

/**
 * What the standalone does on its start, before the apps start here: the demo account on a
 * first start, and the sandbox's fleet apps, written to the same accounts store the apps
 * open (embedded under `dataDir`, or MongoDB), sealed with the same key.
 */
export async function prepareDemo(
  settings: DemoSettings,
  withSandbox: boolean,
  store: { dataDir: string; mongoUrl?: string; secretsKey?: string; previousSecretsKeys?: string },
): Promise<DemoSetup> {
  const embedded = store.mongoUrl ? null : openEmbeddedStore(join(store.dataDir, 'accounts'));
  const stored = embedded ? new EmbeddedAccountRepository(embedded) : await MongoAccountRepository.connect(store.mongoUrl!);
  const accounts = withSealedSecrets(stored, {
    MONGO_URL: store.mongoUrl,
    DATA_DIR: store.dataDir,
    SECRETS_KEY: store.secretsKey,
    SECRETS_PREVIOUS_KEYS: store.previousSecretsKeys,
  });
  const deps = { accounts, clock: systemClock };
  try {
    const credentials = await ensureDemoAccount(settings, deps);
    const sandboxApps = withSandbox ? await issueSandboxFleetApps(settings.accountId, deps) : [];
    return { credentials, sandboxApps };
  } finally {
    await deps.accounts.close();
    await embedded?.close();
  }
}
