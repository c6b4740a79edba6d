import { randomBytes } from 'node:crypto';
import { hashClientSecret, isOutdatedSecretHash, verifyClientSecret, type AccountReader, type ClientApp } from '@delivery/accounts';
import type { AccountRepository } from '@delivery/accounts/store';
import type { Clock } from '@delivery/clock';
import { MAX_CLIENT_CREDENTIAL_LENGTH, type AccessToken } from '@delivery/contracts';
import type { KeyValueStore } from '@delivery/key-value';
import { keys } from './keys';
import type { CallKind, TokenLifetimes } from './token-lifetimes';

/** Who a valid token speaks for: an integration app, or a fleet's own app (`fleetId`). */
export interface Principal {
  accountId: string;
  clientId: string;
  fleetId: number | null;
}

interface StoredToken extends Omit<Principal, 'fleetId'> {
  secretGeneration: number;
  issuedAt: number;
  writeUntil: number;
  readUntil: number;
}

export class InvalidClientError extends Error {}

export class InvalidTokenError extends Error {}

/** The app's secret is kept in an older, slow hash, and the caller may not have one made now. */
export class SlowCheckRefused extends Error {}

// Unknown client ids still pay for one hash check, so timing does not tell which ids exist.
const decoyHash = hashClientSecret(randomBytes(32).toString('base64url'));

/** Tokens this gateway has seen, kept in memory: at most this many, the oldest dropped first. */
const KNOWN_TOKENS_KEPT = 10_000;

export class TokenService {
  /**
   * A stored token never changes until it expires (none is revoked alone: revoking is by its
   * app), so once read it is kept here, sparing every call a hash and a store read. Its app
   * is still read each time, so a removed app or a regenerated secret takes effect at once.
   */
  private readonly knownTokens = new Map<string, StoredToken>();

  constructor(
    private readonly deps: {
      kv: KeyValueStore;
      accounts: AccountReader & Pick<AccountRepository, 'upgradeSecretHash'>;
      clock: Clock;
      lifetimes: TokenLifetimes;
    },
  ) {}

  /** `slowCheckAllowed` false: an app whose secret has an older (scrypt) hash is refused before that hash is made. */
  async issue(clientId: string, clientSecret: string, options: { ttlSeconds?: number; slowCheckAllowed: boolean }): Promise<AccessToken> {
    const { ttlSeconds } = options;
    // Credentials arrive by form or HTTP Basic; one longer than any we issue names no client.
    const plausible = clientId.length <= MAX_CLIENT_CREDENTIAL_LENGTH && clientSecret.length <= MAX_CLIENT_CREDENTIAL_LENGTH;
    const app = plausible ? await this.deps.accounts.getClientApp(clientId) : null;
    if (app && !options.slowCheckAllowed && isOutdatedSecretHash(app.secretHash)) throw new SlowCheckRefused();
    const valid = await verifyClientSecret(clientSecret, app?.secretHash ?? (await decoyHash));
    if (!app || !valid) throw new InvalidClientError('client authentication failed');
    if (isOutdatedSecretHash(app.secretHash)) {
      // The secret is known right now, and only now: store it in the current scheme (a concurrent regenerate wins).
      await this.deps.accounts.upgradeSecretHash(app.clientId, app.secretHash, await hashClientSecret(clientSecret));
    }

    const issuedAt = this.deps.clock.now().getTime();
    const writeSeconds = ttlSeconds ?? this.deps.lifetimes.writeSeconds;
    const readSeconds = ttlSeconds ?? this.deps.lifetimes.readSeconds;
    const stored: StoredToken = {
      accountId: app.accountId,
      clientId: app.clientId,
      secretGeneration: app.secretGeneration,
      issuedAt,
      writeUntil: issuedAt + writeSeconds * 1000,
      readUntil: issuedAt + readSeconds * 1000,
    };
    const token = randomBytes(32).toString('base64url');
    await this.deps.kv.set(keys.accessToken(token), JSON.stringify(stored), Math.max(writeSeconds, readSeconds) * 1000);
    return { access_token: token, token_type: 'Bearer', expires_in: writeSeconds, created_at: Math.floor(issuedAt / 1000) };
  }

  /** The token's principal, if it is known, unexpired for this kind of call, and its secret not regenerated since. */
  async authenticate(token: string, kind: CallKind): Promise<Principal> {
    return (await this.authenticateClient(token, kind)).principal;
  }

  /** As `authenticate`, with the client app it read, for callers that need more of it (the legacy path's signing key). */
  async authenticateClient(token: string, kind: CallKind): Promise<{ principal: Principal; app: ClientApp }> {
    const stored = this.knownTokens.get(token) ?? (await this.storedToken(token));
    const now = this.deps.clock.now().getTime();
    if (now >= Math.max(stored.writeUntil, stored.readUntil)) this.knownTokens.delete(token);
    if (now >= (kind === 'write' ? stored.writeUntil : stored.readUntil)) {
      throw new InvalidTokenError(`The access token has expired for ${kind} calls`);
    }
    const app = await this.deps.accounts.getClientApp(stored.clientId);
    if (!app) throw new InvalidTokenError('The access token was revoked: its client app was removed');
    if (app.secretGeneration !== stored.secretGeneration) {
      throw new InvalidTokenError('The access token was revoked: its client secret has been regenerated');
    }
    return { principal: { accountId: stored.accountId, clientId: stored.clientId, fleetId: app.fleetId ?? null }, app };
  }

  private async storedToken(token: string): Promise<StoredToken> {
    const raw = await this.deps.kv.get(keys.accessToken(token));
    if (!raw) throw new InvalidTokenError('The access token is invalid or has expired');
    const stored = JSON.parse(raw) as StoredToken;
    if (this.knownTokens.size >= KNOWN_TOKENS_KEPT) this.knownTokens.delete(this.knownTokens.keys().next().value!);
    this.knownTokens.set(token, stored);
    return stored;
  }
}
