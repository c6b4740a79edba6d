export * from './mongo-document-outbox';
