export * from './embedded-outbox';
