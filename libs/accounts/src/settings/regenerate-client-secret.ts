import { generateClientSecret, hashClientSecret, requestSigningKey } from '../client-secret';
import { clientAppOf, type ClientAppRef } from './client-app-of';
import type { IssuedCredentials } from './create-client-app';
import { InvalidSetting } from './invalid-setting';
import type { SettingsDeps } from './settings-deps';

/** Spec 5.3: a new secret disables the old one and every token issued under it. */
export async function regenerateClientSecret(
  ref: ClientAppRef,
  { accounts, clock }: Pick<SettingsDeps, 'accounts' | 'clock'>,
): Promise<IssuedCredentials | null> {
  const app = await clientAppOf(accounts, ref, 'given a new secret');
  if (!app) return null;
  const { clientId } = app;
  const clientSecret = generateClientSecret();
  const rotatedAt = clock.now().toISOString();
  const secret = { secretHash: await hashClientSecret(clientSecret), signingKey: requestSigningKey(clientSecret) };
  const replaced = await accounts.replaceClientSecret(clientId, app.secretGeneration, secret, rotatedAt);
  const updated = replaced ? await accounts.getClientApp(clientId) : null;
  if (!updated) throw new InvalidSetting(`client app ${clientId} changed meanwhile; try again`);
  return { app: updated, clientSecret };
}
