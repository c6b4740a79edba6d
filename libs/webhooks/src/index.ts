export * from './standard-webhooks';
