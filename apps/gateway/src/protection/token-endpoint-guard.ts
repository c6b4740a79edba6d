import type { Response } from 'express';
import type { RateLimitSettings } from './rate-limit-settings';
import { count, type LimiterPool } from './limiter-pool';
import { retryAfterSeconds, writeRateLimitHeaders, type CountedLimit } from './rate-limit-headers';

const WINDOW_SECONDS = 60;
const FAILURE_RUN_SECONDS = 600;

export type TokenRefusalScope = 'token-address' | 'token-client' | 'token-backoff';

export class TokenRequestsRefused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many token requests; retry in ${retryAfterSeconds} s`);
  }
}

/**
 * The token endpoint's limits. Each falls on whoever caused it, so a request with the
 * right secret is never refused because of what others sent (docs/decisions.md, "Token
 * endpoint"):
 * - a client id's issued tokens are counted against its own quota, looked at before its
 *   secret is checked and spent once it was right: only the secret's holder can spend it;
 * - refused secrets are counted per source address and per address and client id; once
 *   either is over, a wrong secret is answered 429 instead of 401, and a check that would
 *   need a slow (older scrypt) hash is refused before it is made. A right secret costs one
 *   keyed SHA-256 to recognise, less than counting it, so it is always let through.
 */
export class TokenEndpointGuard {
  constructor(
    private readonly pool: LimiterPool,
    private readonly settings: RateLimitSettings,
    private readonly onRefused?: (scope: TokenRefusalScope) => void,
  ) {}

  private get perClient() {
    return this.pool.limiter('token-client', this.settings.tokenPerClientPerMinute, WINDOW_SECONDS);
  }
  private get addressFailures() {
    return this.pool.limiter('token-address-failures', this.settings.tokenPerAddressPerMinute, WINDOW_SECONDS);
  }
  private get pairFailures() {
    const s = this.settings;
    return this.pool.limiter('token-failures', s.tokenFailuresBeforeBackoff, FAILURE_RUN_SECONDS, s.tokenBackoffSeconds);
  }

  /** Before the secret is checked: refused while the client id has spent its issues. */
  async admitClient(res: Response, clientId: string): Promise<void> {
    const spent = await this.perClient.get(clientId);
    if (spent && spent.remainingPoints <= 0) {
      this.writeClientLimit(res, spent, true);
      this.refuse('token-client', spent.msBeforeNext);
    }
  }

  /** The secret was right: one of its client id's issues is spent (a race past the quota still gets its token). */
  async succeeded(res: Response, address: string, clientId: string): Promise<void> {
    const [issued] = await Promise.all([count(this.perClient, clientId), this.pairFailures.delete(failureKey(address, clientId))]);
    this.writeClientLimit(res, issued.state, false);
  }

  private writeClientLimit(res: Response, state: CountedLimit['state'], refused: boolean): void {
    const limit: CountedLimit = { policy: 'client', quota: this.settings.tokenPerClientPerMinute, windowSeconds: WINDOW_SECONDS, state };
    writeRateLimitHeaders(res, [limit], refused ? limit : undefined);
  }

  /** Whether the source has failed too often: its wrong secrets are refused, and no slow hash is made for it. */
  async backedOff(address: string, clientId: string): Promise<number | null> {
    const [byAddress, byPair] = await Promise.all([
      this.addressFailures.get(address),
      this.pairFailures.get(failureKey(address, clientId)),
    ]);
    const over = [
      { state: byAddress, budget: this.settings.tokenPerAddressPerMinute },
      { state: byPair, budget: this.settings.tokenFailuresBeforeBackoff },
    ].filter(({ state, budget }) => state && state.consumedPoints >= budget);
    return over.length === 0 ? null : Math.max(...over.map(({ state }) => state!.msBeforeNext));
  }

  /** A wrong secret: counted against the source; refused with 429 once the source is over its budget. */
  async failed(address: string, clientId: string, backedOffMs: number | null): Promise<void> {
    if (backedOffMs !== null) this.refuse('token-backoff', backedOffMs);
    const [byAddress, byPair] = await Promise.all([
      count(this.addressFailures, address),
      count(this.pairFailures, failureKey(address, clientId)),
    ]);
    if (!byAddress.ok) this.refuse('token-address', byAddress.state.msBeforeNext);
    if (!byPair.ok) this.refuse('token-backoff', byPair.state.msBeforeNext);
  }

  /** A slow hash the source may not have made now. */
  refusedUnchecked(backedOffMs: number): never {
    return this.refuse('token-backoff', backedOffMs);
  }

  private refuse(scope: TokenRefusalScope, msBeforeNext: number): never {
    this.onRefused?.(scope);
    throw new TokenRequestsRefused(retryAfterSeconds(msBeforeNext));
  }
}

const failureKey = (address: string, clientId: string) => `${address}|${clientId}`;
