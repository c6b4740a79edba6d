/** A proof of delivery's photo or signature as stored: its bytes and their media type. */
export interface StoredMedia {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where proofs of delivery are kept (issue 52): S3-compatible object storage in production,
 * files under DATA_DIR embedded. Keys are ours (`mediaKey`), never a caller's text.
 */
export interface ProofMediaStore {
  /** Stores the object under its key, replacing one there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is none. */
  get(key: string): Promise<StoredMedia | null>;
  /** Removes the object; nothing when there is none. */
  delete(key: string): Promise<void>;
  /**
   * A URL a phone may PUT the object's bytes to, directly, for `expiresInS` seconds, with
   * this content type; null where the store takes uploads only through the gateway.
   */
  uploadUrl(key: string, contentType: string, expiresInS: number): Promise<string | null>;
  /**
   * Keys under `prefix` (an account's: `acc_…/`) of objects stored before `before`, at most
   * `limit` of them: what a retention sweep deletes, a page at a time.
   */
  storedBefore(prefix: string, before: Date, limit: number): Promise<string[]>;
  close(): Promise<void>;
}
