import { createClientApp, type IssuedCredentials } from './create-client-app';
import { regenerateClientSecret } from './regenerate-client-secret';
import type { SettingsDeps } from './settings-deps';

/**
 * The account's app of this name (and fleet) with a new secret, or a new app when it has none:
 * a script run again (the guides' walkthroughs) renews its app rather than piling up apps.
 */
export async function renewOrCreateClientApp(
  input: { accountId: string; name: string; fleetId?: number | null },
  deps: Pick<SettingsDeps, 'accounts' | 'clock'>,
): Promise<IssuedCredentials & { renewed: boolean }> {
  const fleetId = input.fleetId ?? null;
  const same = (await deps.accounts.listClientApps(input.accountId)).find(
    (app) => app.name === input.name && (app.fleetId ?? null) === fleetId,
  );
  const renewed = same ? await regenerateClientSecret({ clientId: same.clientId, accountId: input.accountId }, deps) : null;
  return renewed ? { ...renewed, renewed: true } : { ...(await createClientApp(input, deps)), renewed: false };
}
