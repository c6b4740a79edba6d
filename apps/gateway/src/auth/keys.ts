import { createHash } from 'node:crypto';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Every key-value key of the gateway. Tokens are stored under their SHA-256, so a leaked
 * store holds no usable token.
 */
export const keys = {
  accessToken: (token: string) => `gateway:token:${sha256(token)}`,
  /** A legacy-path signature already used within the tolerance window: a replay. */
  usedSignature: (signature: string) => `gateway:signature:${sha256(signature)}`,
  /** The first answer to an account's Idempotency-Key (the key is the caller's, so it is hashed too). */
  idempotency: (accountId: string, key: string) => `gateway:idempotency:${sha256(`${accountId}\n${key}`)}`,
};
