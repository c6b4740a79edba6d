export * from './account.mongo-repository';
