export * from './embedded.key-value';
