export * from './delivery.embedded-repository';
