export * from './proof-media';
export * from './media-key';
export * from './media-type';
export * from './without-location';
export * from './media-link';
