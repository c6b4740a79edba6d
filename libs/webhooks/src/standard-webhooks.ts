import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A signing secret in the Standard Webhooks format: `whsec_` and 24 random bytes in base64. */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The Standard Webhooks headers of one message: `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` with each secret's key, space-separated, so a receiver holding any
 * of the secrets (old or new, during a rotation) can verify it.
 */
export function signWebhook(messageId: string, timestamp: Date, body: string, secrets: readonly string[]): SignedHeaders {
  if (secrets.length === 0) throw new Error('a webhook needs at least one signing secret');
  const seconds = String(Math.floor(timestamp.getTime() / 1000));
  const signatures = secrets.map((secret) => {
    const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
    return `v1,${createHmac('sha256', key).update(`${messageId}.${seconds}.${body}`).digest('base64')}`;
  });
  return { 'webhook-id': messageId, 'webhook-timestamp': seconds, 'webhook-signature': signatures.join(' ') };
}
