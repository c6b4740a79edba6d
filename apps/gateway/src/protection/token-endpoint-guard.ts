import type { Response } from 'express';
import type { RateLimitSettings } from './rate-limit-settings';
import { count, type LimiterPool } from './limiter-pool';
import { retryAfterSeconds, writeRateLimitHeaders, type CountedLimit } from './rate-limit-headers';

const WINDOW_SECONDS = 60;
const FAILURE_RUN_SECONDS = 600;

export class TokenRequestsRefused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many token requests; retry in ${retryAfterSeconds} s`);
  }
}

/**
 * The token endpoint's limits, checked before a secret is: per source address, per client
 * id, and a back-off for a client id that keeps failing from one address. A refused secret
 * costs more than a good one. The back-off is keyed by address too, so a stranger who knows
 * a client id cannot lock its owner out (docs/decisions.md).
 */
export class TokenEndpointGuard {
  constructor(
    private readonly pool: LimiterPool,
    private readonly settings: RateLimitSettings,
    private readonly onRefused?: (scope: 'token-address' | 'token-client' | 'token-backoff') => void,
  ) {}

  private get perAddress() {
    return this.pool.limiter('token-address', this.settings.tokenPerAddressPerMinute, WINDOW_SECONDS);
  }
  private get perClient() {
    return this.pool.limiter('token-client', this.settings.tokenPerClientPerMinute, WINDOW_SECONDS);
  }
  private get failures() {
    const s = this.settings;
    return this.pool.limiter('token-failures', s.tokenFailuresBeforeBackoff, FAILURE_RUN_SECONDS, s.tokenBackoffSeconds);
  }

  /** Before the form is read: the address's quota. */
  async admitAddress(res: Response, address: string): Promise<void> {
    const answer = await count(this.perAddress, address);
    const limit = this.limit('address', this.settings.tokenPerAddressPerMinute, answer.state);
    writeRateLimitHeaders(res, [limit], answer.ok ? undefined : limit);
    if (!answer.ok) this.refuse('token-address', answer.state.msBeforeNext);
  }

  /** Once the client id is known: its back-off, then its quota. */
  async admitClient(res: Response, address: string, clientId: string): Promise<void> {
    const run = await this.failures.get(failureKey(address, clientId));
    if (run && run.consumedPoints > this.settings.tokenFailuresBeforeBackoff) {
      res.set('Retry-After', String(retryAfterSeconds(run.msBeforeNext)));
      this.refuse('token-backoff', run.msBeforeNext);
    }
    const answer = await count(this.perClient, clientId);
    const limit = this.limit('client', this.settings.tokenPerClientPerMinute, answer.state);
    writeRateLimitHeaders(res, [limit], answer.ok ? undefined : limit);
    if (!answer.ok) this.refuse('token-client', answer.state.msBeforeNext);
  }

  async failed(address: string, clientId: string): Promise<void> {
    const extra = this.settings.tokenFailureCost - 1;
    await Promise.all([
      count(this.perAddress, address, extra),
      count(this.perClient, clientId, extra),
      count(this.failures, failureKey(address, clientId)),
    ]);
  }

  async succeeded(address: string, clientId: string): Promise<void> {
    await this.failures.delete(failureKey(address, clientId));
  }

  private limit(policy: string, quota: number, state: CountedLimit['state']): CountedLimit {
    return { policy, quota, windowSeconds: WINDOW_SECONDS, state };
  }

  private refuse(scope: 'token-address' | 'token-client' | 'token-backoff', msBeforeNext: number): never {
    this.onRefused?.(scope);
    throw new TokenRequestsRefused(retryAfterSeconds(msBeforeNext));
  }
}

const failureKey = (address: string, clientId: string) => `${address}|${clientId}`;
