import type { ClientApp, Fleet, WebhookEndpoint } from '@delivery/accounts';
import { signingSecretId as secretId } from '@delivery/webhooks';

/** An endpoint as an operator sees it: never a secret or a credential's value. */
export const publicEndpoint = ({ secrets, credentials, ...rest }: WebhookEndpoint) => ({
  ...rest,
  credentials: credentials.kind,
  secrets: secrets.map(({ secret, createdAt, expiresAt }) => ({ id: secretId(secret), createdAt, expiresAt })),
});

/** A fleet as an operator sees it: an HTTP fleet's dispatch signing secret is shown once, when added, and then only by its id. */
export function publicFleet(fleet: Fleet) {
  if (fleet.connector.kind === 'rate-card' || !fleet.connector.signingSecret) return fleet;
  const { signingSecret, ...connector } = fleet.connector;
  return { ...fleet, connector: { ...connector, signingSecretId: secretId(signingSecret) } };
}

/** Never shows a secret hash: apps are listed by what an operator needs to recognise them. */
export const publicApp = ({ clientId, accountId, name, secretGeneration, createdAt, secretRotatedAt, fleetId }: ClientApp) => ({
  clientId,
  accountId,
  name,
  role: fleetId == null ? 'integration' : 'fleet',
  fleetId: fleetId ?? null,
  secretGeneration,
  createdAt,
  secretRotatedAt,
});
