export * from './standard-webhooks';
export * from './webhook-endpoint-admin';
