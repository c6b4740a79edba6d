export * from './key-value';
