import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkedKey } from './media-key';
import type { ProofMediaStore, StoredMedia } from './proof-media';

/** Where the bucket is and how to sign for it: AWS, or any S3 API (MinIO, Ceph) by its endpoint. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset for AWS itself; an S3 API's own address otherwise (its buckets then by path). */
  endpoint?: string;
  /** Unset: the SDK's own chain (environment, instance or pod role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** How long a request to the store may take before it fails. */
  timeoutMs: number;
}

/**
 * Proofs in S3-compatible object storage, through AWS's own SDK (`@aws-sdk/client-s3`:
 * PutObject, GetObject, DeleteObject, ListObjectsV2 by prefix for the retention sweep; `@aws-sdk/s3-request-presigner` for a phone's direct
 * upload, a SigV4 presigned PUT bound to the key and the content type).
 */
export class S3ProofMediaStore implements ProofMediaStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint && { endpoint: settings.endpoint, forcePathStyle: true }),
      ...(settings.credentials && { credentials: settings.credentials }),
      requestHandler: { requestTimeout: settings.timeoutMs, connectionTimeout: settings.timeoutMs },
      maxAttempts: 2,
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key), Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredMedia | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }));
      const bytes = Buffer.from(await answer.Body!.transformToByteArray());
      return { bytes, contentType: answer.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }));
  }

  async uploadUrl(key: string, contentType: string, expiresInS: number): Promise<string> {
    const command = new PutObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key), ContentType: contentType });
    return getSignedUrl(this.client, command, { expiresIn: expiresInS, signableHeaders: new Set(['content-type']) });
  }

  async storedBefore(prefix: string, before: Date, limit: number): Promise<string[]> {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: 1000 }),
      );
      for (const object of page.Contents ?? []) {
        if (found.length >= limit) return found;
        if (object.Key && object.LastModified && object.LastModified < before) found.push(object.Key);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
