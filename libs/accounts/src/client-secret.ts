import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sameBytes, verifyScryptHash } from './scrypt-hash';

/** 256 random bits, URL-safe: shown to the operator once, never stored. */
export function generateClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function generateClientId(): string {
  return `cli_${randomBytes(12).toString('hex')}`;
}

/**
 * `hmac-sha256$salt$hash`: HMAC-SHA256 of the secret keyed by a random salt. Client secrets
 * are 256 random bits, so no guessing can reach one and a slow password hash buys nothing;
 * a keyed SHA-256 costs microseconds on the calling thread, so wrong secrets cannot starve
 * the process (docs/decisions.md, "Client credentials").
 */
export async function hashClientSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  return ['hmac-sha256', salt.toString('base64url'), hmac(salt, secret).toString('base64url')].join('$');
}

const hmac = (salt: Buffer, secret: string) => createHmac('sha256', salt).update(secret).digest();

/** True when a stored hash is of an older scheme, to be replaced after the next successful check. */
export const isOutdatedSecretHash = (stored: string) => !stored.startsWith('hmac-sha256$');

/**
 * Compares in constant time; a malformed stored hash never matches. Hashes made before
 * (`scrypt$N$r$p$salt$hash`) still verify, slowly, until they are replaced.
 */
export async function verifyClientSecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts[0] === 'hmac-sha256' && parts.length === 3) {
    return sameBytes(hmac(Buffer.from(parts[1]!, 'base64url'), secret), Buffer.from(parts[2]!, 'base64url'));
  }
  return verifyScryptHash(secret, stored);
}

/**
 * The key that signs legacy-path requests (docs/decisions.md): SHA-256 of a fixed label and
 * the client secret, hex. The client derives it from its secret; we keep it, because an
 * HMAC cannot be checked against the secret's stored hash. It verifies signatures only:
 * a token still needs the secret itself.
 */
export function requestSigningKey(clientSecret: string): string {
  return createHash('sha256').update(`delivery-request-signing:${clientSecret}`).digest('hex');
}
