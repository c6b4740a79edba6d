import { join } from 'node:path';
import { z } from 'zod';
import { envInt } from '@delivery/config';
import type { ProofMediaStore } from '@delivery/proof-media';
import { FileProofMediaStore } from '@delivery/proof-media/embedded';
import { S3ProofMediaStore } from '@delivery/proof-media/s3';

/**
 * Where drivers' photos and signatures are kept: an S3-compatible bucket when
 * PROOF_MEDIA_S3_BUCKET is set (AWS, or MinIO and Ceph by PROOF_MEDIA_S3_ENDPOINT; credentials
 * from the two keys, or the SDK's own chain: environment, instance or pod role), else files
 * under DATA_DIR/proof-media, which only gateways sharing that folder can read.
 */
export const proofMediaConfig = {
  PROOF_MEDIA_S3_BUCKET: z.string().min(1).optional(),
  PROOF_MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  PROOF_MEDIA_S3_ENDPOINT: z.string().url().optional(),
  PROOF_MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  PROOF_MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  PROOF_MEDIA_TIMEOUT_MS: envInt(10_000),
};

type ProofMediaConfig = z.infer<z.ZodObject<typeof proofMediaConfig>> & { DATA_DIR: string };

export function proofMediaStoreOf(config: ProofMediaConfig): ProofMediaStore {
  if (!config.PROOF_MEDIA_S3_BUCKET) return new FileProofMediaStore(join(config.DATA_DIR, 'proof-media'));
  const { PROOF_MEDIA_S3_ACCESS_KEY_ID: accessKeyId, PROOF_MEDIA_S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      'PROOF_MEDIA_S3_ACCESS_KEY_ID and PROOF_MEDIA_S3_SECRET_ACCESS_KEY go together: set both, or neither (the SDK’s own chain)',
    );
  }
  return new S3ProofMediaStore({
    bucket: config.PROOF_MEDIA_S3_BUCKET,
    region: config.PROOF_MEDIA_S3_REGION,
    endpoint: config.PROOF_MEDIA_S3_ENDPOINT,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    timeoutMs: config.PROOF_MEDIA_TIMEOUT_MS,
  });
}
