/**
 * Spec 5.7: without `ttl`, a token is good for write calls (POST, PUT, PATCH, DELETE)
 * for 30 minutes and for read calls (GET) for 4 hours. `ttl` sets one lifetime for both.
 * `expires_in` reports the write lifetime: a client that refreshes on it never has a write refused.
 */
export interface TokenLifetimes {
  writeSeconds: number;
  readSeconds: number;
}

export const DEFAULT_TOKEN_LIFETIMES: TokenLifetimes = { writeSeconds: 30 * 60, readSeconds: 4 * 60 * 60 };

export type CallKind = 'read' | 'write';

export function callKind(method: string): CallKind {
  return ['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase()) ? 'read' : 'write';
}
