import { type EmbeddedStore, type EmbeddedTable, openEmbeddedStore, openRecordTable } from '@delivery/embedded-store';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { KeyValueStore, RateLimiterOptions } from './key-value';

interface Entry {
  value: string;
  expiresAt: number | null;
}

const SWEEP_INTERVAL_MS = 60_000;

/** Key-value on the embedded LMDB store: survives restarts, like Redis with persistence. */
export class EmbeddedKeyValueStore implements KeyValueStore {
  private readonly table: EmbeddedTable<Entry, string>;
  private readonly sweeper: NodeJS.Timeout;

  /** One that owns its store, for a process that needs nothing else from it (the admin CLI). */
  static openAt(path: string): EmbeddedKeyValueStore {
    const store = openEmbeddedStore(path);
    return new EmbeddedKeyValueStore(store, Date.now, () => store.close());
  }

  constructor(
    store: EmbeddedStore,
    private readonly now: () => number = Date.now,
    private readonly closeStore: () => Promise<void> = async () => undefined,
  ) {
    this.table = openRecordTable<Entry, string>(store, 'key-value');
    // A sweep has no caller to tell: one that fails (the store closing under it) leaves expired
    // keys that reads already treat as absent, and the next sweep takes them.
    this.sweeper = setInterval(() => this.sweepExpired().catch(() => undefined), SWEEP_INTERVAL_MS).unref();
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    await this.table.put(key, this.entry(value, ttlMs));
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    return this.table.transaction(() => {
      if (this.live(key)) return false;
      this.table.put(key, this.entry(value, ttlMs));
      return true;
    });
  }

  async increment(key: string, ttlMs?: number, by = 1): Promise<number> {
    return this.table.transaction(() => {
      const current = this.live(key);
      const count = (current ? Number(current.value) : 0) + by;
      // As Redis's PEXPIRE NX: a counter keeps its window, and one without gets the one asked for.
      const expiresAt = current?.expiresAt ?? (ttlMs ? this.now() + ttlMs : null);
      this.table.put(key, { value: String(count), expiresAt });
      return count;
    });
  }

  async delete(key: string): Promise<void> {
    await this.table.remove(key);
  }

  /**
   * Counters in this process's memory: the embedded shape is one process, and a limit's
   * window is shorter than a restart is worth keeping (docs/decisions.md).
   */
  rateLimiter(options: RateLimiterOptions): RateLimiterAbstract {
    return new RateLimiterMemory({
      keyPrefix: options.keyPrefix,
      points: options.points,
      duration: options.durationSeconds,
      blockDuration: options.blockSeconds ?? 0,
    });
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await this.closeStore();
  }

  private live(key: string): Entry | undefined {
    const entry = this.table.get(key);
    if (!entry) return undefined;
    return entry.expiresAt !== null && entry.expiresAt <= this.now() ? undefined : entry;
  }

  private entry(value: string, ttlMs?: number): Entry {
    return { value, expiresAt: ttlMs ? this.now() + ttlMs : null };
  }

  private async sweepExpired(): Promise<void> {
    // One write transaction, so a key rewritten meanwhile is never removed by a stale read.
    await this.table.transaction(() => {
      const now = this.now();
      for (const { key, value } of this.table.getRange()) {
        if (value.expiresAt !== null && value.expiresAt <= now) this.table.remove(key);
      }
    });
  }
}
