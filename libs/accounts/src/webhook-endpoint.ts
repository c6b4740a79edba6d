import type { WebhookEventType } from '@delivery/contracts';

/** What the caller asked us to put in its webhooks (spec 1.7): basic auth, a bearer token, or its own headers. */
export type WebhookCredentials =
  | { kind: 'none' }
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'bearer'; token: string }
  | { kind: 'headers'; headers: Record<string, string> }
  | OAuth2Credentials;

/**
 * OAuth 2.0 against the receiver's own token endpoint: the access token it issues is sent as
 * a bearer token, fetched again before it expires and once when the receiver answers 401.
 */
export interface OAuth2Credentials {
  kind: 'oauth2';
  /** The caller's token endpoint (RFC 6749 section 3.2), called through the outbound policy. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to ask for; null asks for none. */
  scope: string | null;
  /** The resource owner of the password grant some platforms use (section 4.3); null: client credentials (4.4). */
  user: { username: string; password: string } | null;
}

/**
 * A signing secret of an endpoint. Kept as is, because every webhook is signed with it;
 * after a rotation the old one signs alongside the new one until `expiresAt`.
 */
export interface WebhookSigningSecret {
  secret: string;
  createdAt: string;
  expiresAt: string | null;
}

/** Where an account receives webhooks, for which events, and how they are signed. */
export interface WebhookEndpoint {
  id: string;
  accountId: string;
  url: string;
  eventTypes: WebhookEventType[];
  credentials: WebhookCredentials;
  secrets: WebhookSigningSecret[];
  createdAt: string;
  /** Set when the receiver answered 410 Gone: no more deliveries. */
  disabledAt: string | null;
  disabledReason: string | null;
  /**
   * Moves on at every change of the endpoint (a dispatcher disabling it too): a replace made
   * from an older one is refused (AccountRepository.replaceWebhookEndpoint).
   */
  revision?: number;
}

/** The secrets that sign a message now: the newest first, then those still in their overlap. */
export function signingSecretsAt(endpoint: WebhookEndpoint, now: Date): string[] {
  return endpoint.secrets
    .filter((s) => s.expiresAt === null || Date.parse(s.expiresAt) > now.getTime())
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .map((s) => s.secret);
}

/** A new secret that signs from now on; the current ones keep signing for `overlapMs`, then stop. */
export function withRotatedSecret(endpoint: WebhookEndpoint, secret: string, now: Date, overlapMs: number): WebhookEndpoint {
  const until = new Date(now.getTime() + overlapMs).toISOString();
  return {
    ...endpoint,
    secrets: [
      ...endpoint.secrets
        .filter((s) => s.expiresAt === null || Date.parse(s.expiresAt) > now.getTime())
        .map((s) => ({ ...s, expiresAt: s.expiresAt && s.expiresAt < until ? s.expiresAt : until })),
      { secret, createdAt: now.toISOString(), expiresAt: null },
    ],
  };
}
