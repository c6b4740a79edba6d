export * from './mongo-url';
