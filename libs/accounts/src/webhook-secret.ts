import { createHash, randomBytes } from 'node:crypto';

/** The Standard Webhooks prefix of a signing secret; the key is what follows, in base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A signing secret in the Standard Webhooks format: `whsec_` and 24 random bytes in base64. */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** Names a signing secret without showing it, so a rotation's secrets can be told apart. */
export const signingSecretId = (secret: string) => `sec_${createHash('sha256').update(secret).digest('hex').slice(0, 12)}`;
