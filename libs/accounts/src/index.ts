export * from './account';
export * from './account.repository';
export * from './account.embedded-repository';
export * from './account.mongo-repository';
export * from './client-secret';
export * from './client-apps';
export * from './fleet';
export * from './webhook-endpoint';
