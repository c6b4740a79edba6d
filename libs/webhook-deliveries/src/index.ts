export * from './delivery';
export * from './delivery-admin';
export * from './delivery.repository';
export * from './webhook-endpoints';
export * from './delivery.embedded-repository';
export * from './delivery.mongo-repository';
