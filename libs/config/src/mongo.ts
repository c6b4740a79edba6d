export * from './mongo-connection';
