export * from './mongo-url';
export * from './mongo-connection';
