export * from './outbound-policy';
export * from './forbidden-address';
export * from './outbound-url';
export * from './outbound-client';
