import Redis from 'ioredis';
import { RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { KeyValueStore, RateLimiterOptions } from './key-value';

export class RedisKeyValueStore implements KeyValueStore {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
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
