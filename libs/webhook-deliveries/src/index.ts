export * from './delivery';
export * from './delivery-admin';
export * from './delivery.repository';
export * from './webhook-endpoints';
