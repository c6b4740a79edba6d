import { createHmac } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX as SECRET_PREFIX } from '@delivery/accounts';

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
