export * from './embedded.proof-media';
