export * from './load-config';
export * from './index-command';
