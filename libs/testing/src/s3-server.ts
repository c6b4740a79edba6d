import { freePort } from './free-port';
import { tempDataDir } from './temp-dir';

/** The only key pair s3rver knows: it checks every request's SigV4 signature against it. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-API server for a suite (s3rver, over HTTP on a free loopback port, its objects in a
 * throw-away folder), with one bucket made; stopped with its folder removed.
 */
export async function startS3Server(bucket: string) {
  // Loaded here, not at the top: only the suites that start one pay for its modules.
  const { default: S3rver } = await import('s3rver');
  const dir = tempDataDir('s3rver-');
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory: dir.path, configureBuckets: [{ name: bucket }] });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: S3RVER_CREDENTIALS,
    async stop() {
      await server.close();
      dir.remove();
    },
  };
}

export type ThrowAwayS3 = Awaited<ReturnType<typeof startS3Server>>;
