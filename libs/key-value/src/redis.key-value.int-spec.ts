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
    return new RedisKeyValueStore(redis.url);
  },
  async () => redis?.stop(),
);
