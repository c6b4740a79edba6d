export * from './account.embedded-repository';
