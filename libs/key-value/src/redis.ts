export * from './redis.key-value';
