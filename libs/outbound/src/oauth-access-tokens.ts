import { createHash } from 'node:crypto';
import { z } from 'zod';
import { OutboundClient } from './outbound-client';
import type { OutboundPolicy } from './outbound-policy';

/** What a token is asked with (a caller's webhook credentials, a courier's app). */
export interface TokenCredentials {
  /** The token endpoint (RFC 6749 section 3.2), called through the outbound policy. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to ask for; null asks for none. */
  scope: string | null;
  /** The resource owner of the password grant (section 4.3); null: client credentials (4.4). */
  user: { username: string; password: string } | null;
  /** How the client authenticates (section 2.3.1): HTTP Basic, the default, or in the form body ("post") where the provider documents that. */
  clientAuthentication?: 'basic' | 'post';
}

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

/**
 * The error codes of RFC 6749 section 5.2 that refuse the client or its grant: asking again
 * with the same credentials cannot succeed.
 */
const REFUSING_ERRORS = ['invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope'];

/**
 * Neither the answer nor the credentials appear in what it says, only the status and a
 * section 5.2 error code. `refusedStatus` is the status of a refusal of our credentials (400
 * or 401 with one of those codes, or any 401 or 403), which no retry can mend; null otherwise.
 */
export class TokenRequestFailed extends Error {
  constructor(
    whose: string,
    message: string,
    readonly refusedStatus: number | null = null,
  ) {
    super(`${whose} token URL: ${message}`);
    this.name = 'TokenRequestFailed';
  }
}

/** The section 5.2 `error` of a token URL's answer, when it is one of the standard codes. */
function oauthErrorOf(body: Buffer): string | null {
  try {
    const error = (JSON.parse(body.toString('utf8')) as { error?: unknown }).error;
    return typeof error === 'string' && [...REFUSING_ERRORS, 'invalid_request', 'temporarily_unavailable', 'server_error'].includes(error)
      ? error
      : null;
  } catch {
    return null;
  }
}

const fingerprintOf = (credentials: TokenCredentials) => createHash('sha256').update(JSON.stringify(credentials)).digest('hex');

/** RFC 6749 section 2.3.1: the client id and secret are form-encoded, then joined for HTTP Basic. */
const basicAuthorization = (credentials: TokenCredentials) =>
  `Basic ${Buffer.from(`${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`).toString('base64')}`;

/**
 * Client credentials (or the password grant) against the receiver's token endpoint, through
 * the outbound policy, one request at a time per endpoint; the token is kept in memory until
 * shortly before it expires (or, when the answer gives no lifetime, until the receiver refuses it).
 */
export class OAuthAccessTokens {
  private readonly client: OutboundClient;
  private readonly held = new Map<string, Held>();

  /** `whose` names the token URL in failures ("the endpoint's", "Uber's"). */
  constructor(private readonly options: { policy: OutboundPolicy; timeoutMs: number; now: () => number; whose: string }) {
    this.client = new OutboundClient({ policy: options.policy });
  }

  /** A token for `holder` (an endpoint, a fleet): the one held while it is fresh, else a new one. */
  async bearer(holder: string, credentials: TokenCredentials): Promise<string> {
    const fingerprint = fingerprintOf(credentials);
    const held = this.held.get(holder);
    if (held && held.fingerprint === fingerprint) {
      const token = await held.token.catch(() => null);
      if (token && token.refreshAt > this.options.now()) return token.accessToken;
      if (this.held.get(holder) !== held) return this.bearer(holder, credentials);
    }
    const fetching: Held = { fingerprint, token: this.fetch(credentials) };
    this.held.set(holder, fetching);
    try {
      return (await fetching.token).accessToken;
    } catch (error) {
      if (this.held.get(holder) === fetching) this.held.delete(holder);
      throw error;
    }
  }

  /**
   * Drops the holder's token: it was refused, so the next call fetches another. Given the
   * refused token, only that one: calls refused together fetch one new token, not one each.
   */
  async forget(holder: string, refused?: string): Promise<void> {
    const held = this.held.get(holder);
    if (!held) return;
    if (refused !== undefined) {
      const token = await held.token.catch(() => null);
      if (token && token.accessToken !== refused) return;
    }
    if (this.held.get(holder) === held) this.held.delete(holder);
  }

  close(): void {
    this.client.close();
  }

  private async fetch(credentials: TokenCredentials): Promise<{ accessToken: string; refreshAt: number }> {
    const form = new URLSearchParams(
      credentials.user
        ? { grant_type: 'password', username: credentials.user.username, password: credentials.user.password }
        : { grant_type: 'client_credentials' },
    );
    if (credentials.scope) form.set('scope', credentials.scope);
    const post = credentials.clientAuthentication === 'post';
    if (post) {
      form.set('client_id', credentials.clientId);
      form.set('client_secret', credentials.clientSecret);
    }
    const asked = this.options.now();
    const result = await this.client.request({
      url: credentials.tokenUrl,
      method: 'POST',
      headers: {
        ...(!post && { authorization: basicAuthorization(credentials) }),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      timeoutMs: this.options.timeoutMs,
      maxResponseBytes: MAX_ANSWER_BYTES,
    });
    if (result.kind !== 'response') throw new TokenRequestFailed(this.options.whose, result.error);
    if (result.status !== 200) {
      const code = oauthErrorOf(result.body);
      const refused = result.status === 401 || result.status === 403 || (result.status === 400 && REFUSING_ERRORS.includes(code ?? ''));
      const said = `answered HTTP ${result.status}${code ? ` (${code})` : ''}`;
      throw new TokenRequestFailed(
        this.options.whose,
        refused ? `${said}: our credentials are refused` : said,
        refused ? result.status : null,
      );
    }
    let answer: z.infer<typeof tokenAnswerSchema>;
    try {
      answer = tokenAnswerSchema.parse(JSON.parse(result.body.toString('utf8')));
    } catch {
      throw new TokenRequestFailed(this.options.whose, 'answered 200 without a bearer access token (RFC 6749 section 5.1)');
    }
    const lifetimeMs = answer.expires_in === undefined ? Infinity : answer.expires_in * 1000;
    return { accessToken: answer.access_token, refreshAt: asked + lifetimeMs - Math.min(REFRESH_MARGIN_MS, lifetimeMs / 10) };
  }
}
