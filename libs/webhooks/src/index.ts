export * from './url-policy';
export * from './standard-webhooks';
