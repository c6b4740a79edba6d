import Redis from 'ioredis';
import { RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { KeyValueStore, RateLimiterOptions } from './key-value';

/** `PEXPIRE … NX` (each counter keeps its first window) came in Redis 7.0. */
export const MIN_REDIS_VERSION = [7, 0] as const;

/** Refuses a server older than MIN_REDIS_VERSION, from its `INFO server` text, naming both versions. */
export function checkRedisVersion(info: string): void {
  const version = /^redis_version:(\S+)/m.exec(info)?.[1];
  if (!version) throw new Error('The server at REDIS_URL did not say its version (INFO server): is it Redis?');
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [needMajor, needMinor] = MIN_REDIS_VERSION;
  if (major < needMajor || (major === needMajor && minor < needMinor)) {
    throw new Error(
      `The server at REDIS_URL runs Redis ${version}; ${needMajor}.${needMinor} or later is needed (PEXPIRE … NX, for the rate limits)`,
    );
  }
}

export class RedisKeyValueStore implements KeyValueStore {
  private readonly redis: Redis;

  private constructor(url: string) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  }

  /** Connects and checks the server's version first: on an older one every counter's write would fail. */
  static async connect(url: string): Promise<RedisKeyValueStore> {
    const store = new RedisKeyValueStore(url);
    try {
      checkRedisVersion(await store.redis.info('server'));
      return store;
    } catch (error) {
      await store.close();
      throw error;
    }
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(key);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs) await this.redis.set(key, value, 'PX', ttlMs);
    else await this.redis.set(key, value);
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    const reply = ttlMs ? await this.redis.set(key, value, 'PX', ttlMs, 'NX') : await this.redis.set(key, value, 'NX');
    return reply === 'OK';
  }

  async increment(key: string, ttlMs?: number, by = 1): Promise<number> {
    if (!ttlMs) return this.redis.incrby(key, by);
    // NX keeps the window of the first increment instead of sliding it on every call.
    const replies = await this.redis.multi().incrby(key, by).pexpire(key, ttlMs, 'NX').exec();
    const [incrError, count] = replies?.[0] ?? [new Error('increment got no reply'), 0];
    if (incrError) throw incrError;
    return Number(count);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(key);
  }

  /**
   * A key over its limit is refused from this process's memory until its window (or its
   * block) ends: a flood of refused calls costs no Redis round trip each.
   */
  rateLimiter(options: RateLimiterOptions): RateLimiterAbstract {
    const blockSeconds = options.blockSeconds ?? 0;
    return new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: options.keyPrefix,
      points: options.points,
      duration: options.durationSeconds,
      blockDuration: blockSeconds,
      inMemoryBlockOnConsumed: options.points + 1,
      ...(blockSeconds > 0 && { inMemoryBlockDuration: blockSeconds }),
    });
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
