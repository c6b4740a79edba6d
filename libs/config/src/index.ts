export * from './load-config';
export * from './run-process';
