export * from './outbox';
export * from './outbox-relay';
export * from './embedded-outbox';
export * from './mongo-document-outbox';
