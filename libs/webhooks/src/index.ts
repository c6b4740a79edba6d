export * from './standard-webhooks';
export * from './webhook-endpoint-admin';
export * from './notification-settings-admin';
