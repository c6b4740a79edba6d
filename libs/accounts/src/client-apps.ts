import type { Clock } from '@delivery/clock';
import type { ClientApp } from './account';
import type { AccountRepository } from './account.repository';
import { generateClientId, generateClientSecret, hashClientSecret, requestSigningKey } from './client-secret';

/** What the operator is shown once: the secret exists nowhere else afterwards. */
export interface IssuedCredentials {
  app: ClientApp;
  clientSecret: string;
}

export async function createClientApp(
  input: { accountId: string; name: string; clientId?: string; clientSecret?: string; fleetId?: number | null; managedBy?: 'sandbox' },
  { accounts, clock }: { accounts: AccountRepository; clock: Clock },
): Promise<IssuedCredentials> {
  if (!(await accounts.getAccount(input.accountId))) throw new Error(`no account ${input.accountId}`);
  if (input.fleetId != null && !(await accounts.listFleets(input.accountId)).some((f) => f.id === input.fleetId)) {
    throw new Error(`account ${input.accountId} has no fleet ${input.fleetId}`);
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

/** Spec 5.3: a new secret disables the old one and every token issued under it. */
export async function regenerateClientSecret(
  clientId: string,
  { accounts, clock }: { accounts: AccountRepository; clock: Clock },
): Promise<IssuedCredentials> {
  const app = await accounts.getClientApp(clientId);
  if (!app) throw new Error(`no client app ${clientId}`);
  const clientSecret = generateClientSecret();
  const rotatedAt = clock.now().toISOString();
  const secret = { secretHash: await hashClientSecret(clientSecret), signingKey: requestSigningKey(clientSecret) };
  const replaced = await accounts.replaceClientSecret(clientId, app.secretGeneration, secret, rotatedAt);
  const updated = replaced ? await accounts.getClientApp(clientId) : null;
  if (!updated) throw new Error(`client app ${clientId} changed meanwhile; try again`);
  return { app: updated, clientSecret };
}
