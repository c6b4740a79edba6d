import { createHash } from 'node:crypto';
import type { KeyValueStore } from '@delivery/key-value';

/** What a budget needs of a key-value store. */
export type BudgetStore = Pick<KeyValueStore, 'get' | 'set' | 'increment'>;

/**
 * A courier network's rate limit, kept on our side and shared by every process using the same
 * key-value store (Redis in production): at most `limit` calls per access key in each window
 * of `windowMs`, and none until a `Retry-After` the network gave has passed. A call over it is
 * refused here, at once, instead of spending the network's patience. Keys are stored by a
 * hash: an access key is a secret.
 */
export class CallBudget {
  constructor(
    private readonly store: BudgetStore,
    private readonly network: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Takes one call for `key`; answers how many seconds to wait instead when there is none. */
  async take(key: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
    const now = this.now();
    const held = Number((await this.store.get(this.name('held', key))) ?? 0);
    if (held > now) return { ok: false, retryAfterSeconds: Math.ceil((held - now) / 1000) };
    const window = Math.floor(now / this.windowMs);
    const calls = await this.store.increment(this.name(`calls:${window}`, key), this.windowMs);
    if (calls <= this.limit) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.ceil(((window + 1) * this.windowMs - now) / 1000) };
  }

  /** The network asked us to wait (429 with `Retry-After`). */
  async holdFor(key: string, seconds: number): Promise<void> {
    const until = this.now() + seconds * 1000;
    const held = Number((await this.store.get(this.name('held', key))) ?? 0);
    if (until > held) await this.store.set(this.name('held', key), String(until), seconds * 1000);
  }

  private name(what: string, key: string): string {
    return `courier-budget:${this.network}:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}:${what}`;
  }
}
