import type { OAuth2Credentials } from '@delivery/accounts';

/** Access tokens from receivers' own token endpoints, for endpoints that authenticate with OAuth 2.0. */
export interface AccessTokens {
  /** A token for the endpoint: the one held while it is fresh, else a new one. Rejects with words that never quote the token endpoint's answer. */
  bearer(endpointId: string, credentials: OAuth2Credentials): Promise<string>;
  /** Drops the endpoint's token: the receiver refused it, so the next call fetches another. */
  forget(endpointId: string): void;
}
