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

/**
 * The longest one command may take: a Redis that holds its connection and answers nothing
 * (paused, wedged) fails a call in this time, not at the caller's own timeout. Far above a
 * command's usual millisecond; the readiness checks' bound, so a busy machine's stall is not taken for an outage.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

export class RedisKeyValueStore implements KeyValueStore {
  private readonly redis: Redis;

  /**
   * No offline queue: while the connection is down (reconnecting in the background) a
   * command fails at once, so a call that needs Redis answers 503 straight away, where a
   * queued command waited through ioredis's reconnect back-off (up to 15 s a call was
   * measured) and then failed or, once Redis was back, went through late.
   */
  private constructor(url: string) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    });
    // A connection that let a command time out is dropped and made again: while it is, every
    // command (this store's, the rate limiters', a transaction's) fails at once, so one call
    // meets a silent Redis for one timeout, not one per command it makes.
    const send = this.redis.sendCommand.bind(this.redis);
    this.redis.sendCommand = (command, stream) => {
      command.promise.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Command timed out' && this.redis.status === 'ready') this.redis.disconnect(true);
      });
      return send(command, stream);
    };
  }

  /** Connects and checks the server's version first: on an older one every counter's write would fail. */
  static async connect(url: string): Promise<RedisKeyValueStore> {
    const store = new RedisKeyValueStore(url);
    try {
      await store.redis.connect();
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
