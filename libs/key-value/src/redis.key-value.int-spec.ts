import { recordIntegrationSuite, startRedisServer, type ThrowAwayRedis } from '@delivery/testing';
import { describeKeyValueContract } from './key-value.contract';
import { RedisKeyValueStore } from './redis.key-value';

let redis: ThrowAwayRedis;

describeKeyValueContract(
  'redis (throw-away redis-server)',
  async () => {
    try {
      redis = await startRedisServer();
    } catch (error) {
      recordIntegrationSuite({ suite: 'key-value/redis', ran: false, reason: String(error) });
      throw error;
    }
    recordIntegrationSuite({ suite: 'key-value/redis', ran: true });
    return await RedisKeyValueStore.connect(redis.url);
  },
  async () => redis?.stop(),
);

describe('the Redis rate limiter, once a key is over its limit', () => {
  it('refuses it from memory: no Redis round trip, so even a Redis that went away still answers the refusal', async () => {
    const server = await startRedisServer();
    const store = await RedisKeyValueStore.connect(server.url);
    let stopped = false;
    try {
      const limiter = store.rateLimiter({ keyPrefix: 'memory-block', points: 2, durationSeconds: 60 });
      await limiter.consume('flood');
      await limiter.consume('flood');
      await expect(limiter.consume('flood')).rejects.toMatchObject({ remainingPoints: 0 });
      await server.stop();
      stopped = true;
      // Witness that Redis is gone: a key not yet refused fails with an error, not an answer.
      await expect(limiter.consume('other')).rejects.toBeInstanceOf(Error);
      const refused = await limiter.consume('flood').catch((answer: unknown) => answer);
      expect(refused).not.toBeInstanceOf(Error);
      expect(refused).toMatchObject({ remainingPoints: 0 });
    } finally {
      await store.close();
      if (!stopped) await server.stop();
    }
  });
});
