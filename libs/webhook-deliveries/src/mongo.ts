export * from './delivery.mongo-repository';
