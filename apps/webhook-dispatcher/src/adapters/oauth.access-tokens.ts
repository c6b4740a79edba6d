import { createHash } from 'node:crypto';
import type { OAuth2Credentials } from '@delivery/accounts';
import { OutboundClient, type OutboundPolicy } from '@delivery/outbound';
import { z } from 'zod';
import type { AccessTokens } from '../ports/access-tokens';

/** A token is fetched again this long before it expires, or at a tenth of its life when that is shorter. */
const REFRESH_MARGIN_MS = 60_000;
const MAX_ANSWER_BYTES = 64 * 1024;

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer', 'token_type is not Bearer'),
  expires_in: z.coerce.number().positive().optional(),
});

interface Held {
  /** Which credentials it was issued for: changed credentials fetch a new one. */
  fingerprint: string;
  token: Promise<{ accessToken: string; refreshAt: number }>;
}

/** Neither the answer nor the credentials appear in what it says. */
export class TokenRequestFailed extends Error {
  constructor(message: string) {
    super(`the endpoint's token URL: ${message}`);
    this.name = 'TokenRequestFailed';
  }
}

const fingerprintOf = (credentials: OAuth2Credentials) => createHash('sha256').update(JSON.stringify(credentials)).digest('hex');

/** RFC 6749 section 2.3.1: the client id and secret are form-encoded, then joined for HTTP Basic. */
const basicAuthorization = (credentials: OAuth2Credentials) =>
  `Basic ${Buffer.from(`${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`).toString('base64')}`;

/**
 * Client credentials (or the password grant) against the receiver's token endpoint, through
 * the outbound policy, one request at a time per endpoint; the token is kept in memory until
 * shortly before it expires (or, when the answer gives no lifetime, until the receiver refuses it).
 */
export class OAuthAccessTokens implements AccessTokens {
  private readonly client: OutboundClient;
  private readonly held = new Map<string, Held>();

  constructor(private readonly options: { policy: OutboundPolicy; timeoutMs: number; now: () => number }) {
    this.client = new OutboundClient({ policy: options.policy });
  }

  async bearer(endpointId: string, credentials: OAuth2Credentials): Promise<string> {
    const fingerprint = fingerprintOf(credentials);
    const held = this.held.get(endpointId);
    if (held && held.fingerprint === fingerprint) {
      const token = await held.token.catch(() => null);
      if (token && token.refreshAt > this.options.now()) return token.accessToken;
      if (this.held.get(endpointId) !== held) return this.bearer(endpointId, credentials);
    }
    const fetching: Held = { fingerprint, token: this.fetch(credentials) };
    this.held.set(endpointId, fetching);
    try {
      return (await fetching.token).accessToken;
    } catch (error) {
      if (this.held.get(endpointId) === fetching) this.held.delete(endpointId);
      throw error;
    }
  }

  forget(endpointId: string): void {
    this.held.delete(endpointId);
  }

  close(): void {
    this.client.close();
  }

  private async fetch(credentials: OAuth2Credentials): Promise<{ accessToken: string; refreshAt: number }> {
    const form = new URLSearchParams(
      credentials.user
        ? { grant_type: 'password', username: credentials.user.username, password: credentials.user.password }
        : { grant_type: 'client_credentials' },
    );
    if (credentials.scope) form.set('scope', credentials.scope);
    const asked = this.options.now();
    const result = await this.client.request({
      url: credentials.tokenUrl,
      method: 'POST',
      headers: {
        authorization: basicAuthorization(credentials),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      timeoutMs: this.options.timeoutMs,
      maxResponseBytes: MAX_ANSWER_BYTES,
    });
    if (result.kind !== 'response') throw new TokenRequestFailed(result.error);
    if (result.status !== 200) throw new TokenRequestFailed(`answered HTTP ${result.status}`);
    let answer: z.infer<typeof tokenAnswerSchema>;
    try {
      answer = tokenAnswerSchema.parse(JSON.parse(result.body.toString('utf8')));
    } catch {
      throw new TokenRequestFailed('answered 200 without a bearer access token (RFC 6749 section 5.1)');
    }
    const lifetimeMs = answer.expires_in === undefined ? Infinity : answer.expires_in * 1000;
    return { accessToken: answer.access_token, refreshAt: asked + lifetimeMs - Math.min(REFRESH_MARGIN_MS, lifetimeMs / 10) };
  }
}
