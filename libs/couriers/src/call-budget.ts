import { createHash } from 'node:crypto';
import type { KeyValueStore } from '@delivery/key-value';

/** What the couriers' budgets and credential notes need of a key-value store. */
export type BudgetStore = Pick<KeyValueStore, 'get' | 'set' | 'increment' | 'delete'>;

/**
 * The longest a network's `Retry-After` holds a key: the networks ask for seconds; a longer
 * wait, or an answer from a server that is not the network's, never freezes a fleet for long.
 */
export const MAX_HOLD_SECONDS = 300;

/** A key's entry in the store, by a hash of the key: an access key is a secret. */
export const budgetEntry = (network: string, key: string, what: string) =>
  `courier-budget:${network}:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}:${what}`;

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

  /** The network asked us to wait (429 with `Retry-After`): for that long, at most MAX_HOLD_SECONDS. */
  async holdFor(key: string, seconds: number): Promise<void> {
    if (!(seconds > 0)) return;
    const holdMs = Math.min(seconds, MAX_HOLD_SECONDS) * 1000;
    const until = this.now() + holdMs;
    const held = Number((await this.store.get(this.name('held', key))) ?? 0);
    if (until > held) await this.store.set(this.name('held', key), String(until), holdMs);
  }

  private name(what: string, key: string): string {
    return budgetEntry(this.network, key, what);
  }
}
