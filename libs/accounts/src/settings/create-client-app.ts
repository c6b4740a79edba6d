import type { ClientApp } from '../account';
import { generateClientId, generateClientSecret, hashClientSecret, requestSigningKey } from '../client-secret';
import { SettingNotFound } from './invalid-setting';
import type { SettingsDeps } from './settings-deps';

/** What the operator is shown once: the secret exists nowhere else afterwards. */
export interface IssuedCredentials {
  app: ClientApp;
  clientSecret: string;
}

/** A new app of the account (spec 5.1), for a fleet's drivers when `fleetId` is given. */
export async function createClientApp(
  input: { accountId: string; name: string; clientId?: string; clientSecret?: string; fleetId?: number | null; managedBy?: 'sandbox' },
  { accounts, clock }: Pick<SettingsDeps, 'accounts' | 'clock'>,
): Promise<IssuedCredentials> {
  if (!(await accounts.getAccount(input.accountId))) throw new SettingNotFound(`no account ${input.accountId}`);
  if (input.fleetId != null && !(await accounts.listFleets(input.accountId)).some((f) => f.id === input.fleetId)) {
    throw new SettingNotFound(`account ${input.accountId} has no fleet ${input.fleetId}`);
  }
  const clientSecret = input.clientSecret ?? generateClientSecret();
  const now = clock.now().toISOString();
  const app: ClientApp = {
    clientId: input.clientId ?? generateClientId(),
    accountId: input.accountId,
    name: input.name,
    secretHash: await hashClientSecret(clientSecret),
    signingKey: requestSigningKey(clientSecret),
    secretGeneration: 1,
    createdAt: now,
    secretRotatedAt: now,
    fleetId: input.fleetId ?? null,
    ...(input.managedBy && { managedBy: input.managedBy }),
  };
  await accounts.createClientApp(app);
  return { app, clientSecret };
}
