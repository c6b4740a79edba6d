export * from './logger';
export * from './metrics';
export * from './ops-server';
export * from './run-app';
export * from './observers';
