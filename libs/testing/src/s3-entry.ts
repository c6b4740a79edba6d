/** The S3 suites' server (s3rver): its own entry, so a suite without S3 never loads it. */
export * from './s3-server';
