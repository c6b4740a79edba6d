/**
 * Small shared state with expiry: tokens, rate limits, idempotency keys, caches.
 * Values are text; TTLs are in milliseconds.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Stores only when the key is absent; true when it stored. */
  setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean>;
  /** Adds one and returns the new count; a TTL given applies from the first increment. */
  increment(key: string, ttlMs?: number): Promise<number>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}
