import { createHash } from 'node:crypto';
import type { ClientApp, WebhookEndpoint } from '@delivery/accounts';

/** Names a signing secret without showing it, so an operator can tell a rotation's secrets apart. */
const secretId = (secret: string) => `sec_${createHash('sha256').update(secret).digest('hex').slice(0, 12)}`;

/** An endpoint as an operator sees it: never a secret or a credential's value. */
export const publicEndpoint = ({ secrets, credentials, ...rest }: WebhookEndpoint) => ({
  ...rest,
  credentials: credentials.kind,
  secrets: secrets.map(({ secret, createdAt, expiresAt }) => ({ id: secretId(secret), createdAt, expiresAt })),
});

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
