export * from './outbox';
export * from './outbox-relay';
