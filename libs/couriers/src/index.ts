export * from './doordash/doordash-jwt';
export * from './doordash/doordash-drive.client';
export * from './courier-report';
export * from './doordash/doordash-delivery-input';
export * from './doordash/doordash-report';
export * from './call-budget';
