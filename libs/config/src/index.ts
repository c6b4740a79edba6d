export * from './load-config';
export * from './index-command';
export * from './running-instance';
export * from './hot-queries';
export * from './connection-string';
