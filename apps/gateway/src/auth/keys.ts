import { createHash } from 'node:crypto';

/**
 * Every key-value key of the gateway. Tokens are stored under their SHA-256, so a leaked
 * store holds no usable token.
 */
export const keys = {
  accessToken: (token: string) => `gateway:token:${createHash('sha256').update(token).digest('hex')}`,
};
