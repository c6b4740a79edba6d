export * from './key-value';
export * from './redis.key-value';
export * from './embedded.key-value';
