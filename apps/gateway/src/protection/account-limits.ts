import type { AccountReader, RateLimits } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';

const CACHE_MS = 30_000;

/**
 * An account's quotas, read at most every 30 s per gateway: a limit an operator changes
 * applies within that, and a request never waits on the account store for it.
 */
export class AccountLimits {
  private readonly cache = new Map<string, { limits: RateLimits; until: number }>();

  constructor(
    private readonly accounts: Pick<AccountReader, 'getAccount'>,
    private readonly defaults: RateLimits,
    private readonly clock: Clock,
  ) {}

  async of(accountId: string): Promise<RateLimits> {
    const now = this.clock.now().getTime();
    const cached = this.cache.get(accountId);
    if (cached && cached.until > now) return cached.limits;
    const account = await this.accounts.getAccount(accountId);
    const limits = { ...this.defaults, ...(account?.rateLimits ?? {}) };
    this.cache.set(accountId, { limits, until: now + CACHE_MS });
    return limits;
  }
}
