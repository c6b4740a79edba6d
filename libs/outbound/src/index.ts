export * from './outbound-policy';
export * from './forbidden-address';
export * from './outbound-url';
export * from './outbound-client';
export * from './oauth-access-tokens';
export * from './host-budget';
