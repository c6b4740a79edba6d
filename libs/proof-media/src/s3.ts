export * from './s3.proof-media';
