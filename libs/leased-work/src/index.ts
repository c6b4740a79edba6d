export * from './key-share';
export * from './leased-worker';
