import type { RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Small shared state with expiry: tokens, rate limits, idempotency keys, caches.
 * Values are text; TTLs are in milliseconds.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Stores only when the key is absent; true when it stored. */
  setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean>;
  /** Adds `by` (one unless given) and returns the new count; a TTL given applies from the first increment. */
  increment(key: string, ttlMs?: number, by?: number): Promise<number>;
  delete(key: string): Promise<void>;
  /** A `rate-limiter-flexible` limiter whose counters live in this store, shared by every process using it. */
  rateLimiter(options: RateLimiterOptions): RateLimiterAbstract;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  /** Names the limiter's counters; two limiters with one name share them. */
  keyPrefix: string;
  points: number;
  durationSeconds: number;
  /** Once the points are spent, refuse the key for this long instead of until the window ends. */
  blockSeconds?: number;
}
