import type { Account, ClientApp, Fleet, ServicePlan, WebhookEndpoint } from '@delivery/accounts';
import { notificationSettingsShown, signingSecretId as secretId } from '@delivery/accounts';

/** An endpoint as an operator sees it: never a secret or a credential's value. */
export const publicEndpoint = ({ secrets, credentials, revision: _, ...rest }: WebhookEndpoint) => ({
  ...rest,
  credentials: credentials.kind,
  secrets: secrets.map(({ secret, createdAt, expiresAt }) => ({ id: secretId(secret), createdAt, expiresAt })),
});

/**
 * A fleet as an operator sees it: an HTTP fleet's dispatch signing secret, and a DoorDash
 * fleet's key and webhook credential, are shown once, when added, and then only by an id
 * (a credential we only check is not shown at all).
 */
export function publicFleet({ revision: _, ...fleet }: Fleet) {
  const { connector } = fleet;
  if (connector.kind === 'rate-card') return fleet;
  if (connector.kind === 'uber-direct') {
    const { clientSecret, webhookSigningKey, ...shown } = connector;
    const ids = { clientSecretId: secretId(clientSecret), webhookSigningKeyId: webhookSigningKey && secretId(webhookSigningKey) };
    return { ...fleet, connector: { ...shown, ...ids } };
  }
  if (connector.kind === 'onfleet') {
    const { apiKey, webhookSecret, ...shown } = connector;
    return { ...fleet, connector: { ...shown, apiKeyId: secretId(apiKey), webhookSecretId: webhookSecret && secretId(webhookSecret) } };
  }
  const { signingSecret, ...shown } = connector;
  const view: Record<string, unknown> = { ...shown, ...(signingSecret && { signingSecretId: secretId(signingSecret) }) };
  if (connector.kind === 'doordash') {
    delete view.webhookAuthorizationHash;
    view.webhooks = connector.webhookAuthorizationHash ? 'set' : 'none';
  }
  return { ...fleet, connector: view };
}

/** A plan as an operator gave it (its revision is the store's own). */
export const publicPlan = ({ revision: _, ...plan }: ServicePlan) => plan;

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

/** An account as an operator sees it: its providers' secrets only as "set", as show-notifications shows them. */
export const publicAccount = ({ notifications, ...rest }: Account) => ({
  ...rest,
  ...(notifications !== undefined && { notifications: notifications && notificationSettingsShown(notifications) }),
});
