export * from './doordash/doordash-jwt';
export * from './doordash/doordash-drive.client';
