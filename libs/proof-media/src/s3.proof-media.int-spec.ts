import { recordIntegrationSuite } from '@delivery/testing';
import { startS3Server, type ThrowAwayS3 } from '@delivery/testing/s3';
import { describeProofMediaContract } from './proof-media.contract';
import { S3ProofMediaStore } from './s3.proof-media';

let s3: ThrowAwayS3;

// Against a real S3 API over HTTP (s3rver, which checks every request's SigV4 signature).
describeProofMediaContract(
  's3 (s3rver)',
  async () => {
    try {
      s3 = await startS3Server('proofs');
    } catch (error) {
      recordIntegrationSuite({ suite: 'proof-media/s3', ran: false, reason: String(error) });
      throw error;
    }
    recordIntegrationSuite({ suite: 'proof-media/s3', ran: true });
    return new S3ProofMediaStore({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: s3.credentials,
      timeoutMs: 5_000,
    });
  },
  async () => s3?.stop(),
);

describe('the S3 proof media store', () => {
  // s3rver checks the access key, not SigV4 signatures: a key it does not know stands for refused credentials.
  it('fails, never answers none, when the store refuses its credentials', async () => {
    const server = await startS3Server('guarded');
    const media = new S3ProofMediaStore({
      bucket: 'guarded',
      region: 'us-east-1',
      endpoint: server.endpoint,
      credentials: { accessKeyId: 'UNKNOWN', secretAccessKey: 'wrong' },
      timeoutMs: 5_000,
    });
    try {
      await expect(media.get('acc/tsk/photo-1.jpg')).rejects.toThrow();
      await expect(media.put('acc/tsk/photo-1.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    } finally {
      await media.close();
      await server.stop();
    }
  });
});
