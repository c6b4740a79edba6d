import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** 256 random bits, URL-safe base64: a new SECRETS_KEY. */
export const generateSecretsKey = () => randomBytes(32).toString('base64url');

/** A key as the environment gives it: 32 bytes in URL-safe base64; the error names the setting. */
export function parseSecretsKey(text: string, setting: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64url');
  if (key.length !== 32)
    throw new Error(`${setting} must be 32 bytes in URL-safe base64 (make one with: npm run admin -- generate-secrets-key)`);
  return key;
}

const OPENED_KEPT = 10_000;

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * Seals the secrets we must read back (signing secrets, legacy signing keys, the
 * credentials callers give us) with AES-256-GCM under the current key; opens what any key
 * of the ring sealed, and a value stored before sealing (plain) as it is, so a store
 * written by an older version still reads. `sealed:v1:<key id>:<iv>:<ciphertext and tag>`.
 */
export class SecretBox {
  private readonly current: { id: string; key: Buffer };
  private readonly keys: Map<string, Buffer>;
  /** Values opened lately: every authenticated call reads its app, and a secret is the same until it changes. */
  private readonly opened = new Map<string, string>();

  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    this.current = { id: keyIdOf(current), key: current };
    this.keys = new Map([current, ...previous].map((key) => [keyIdOf(key), key]));
  }

  /**
   * A key of its own for `purpose` (HKDF-SHA256) from each key of the ring, the current
   * first: for keyed hashes and MACs, which must still match what an older key made.
   */
  derivedKeys(purpose: string): Buffer[] {
    const ring = [this.current.key, ...[...this.keys.values()].filter((key) => key !== this.current.key)];
    return ring.map((key) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32)));
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${this.current.id}:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
  }

  open(value: string): string {
    if (!value.startsWith(PREFIX)) return value;
    const known = this.opened.get(value);
    if (known !== undefined) return known;
    const plain = this.decrypt(value);
    if (this.opened.size >= OPENED_KEPT) this.opened.delete(this.opened.keys().next().value!);
    this.opened.set(value, plain);
    return plain;
  }

  private decrypt(value: string): string {
    const [keyId, iv, sealed] = value.slice(PREFIX.length).split(':');
    const key = this.keys.get(keyId ?? '');
    if (!key || !iv || !sealed)
      throw new Error(`a stored secret was sealed with key ${keyId}, which is not among SECRETS_KEY and SECRETS_PREVIOUS_KEYS`);
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** Whether a stored value is sealed with the current key (else a rotation still has to seal it again). */
  sealedWithCurrentKey(value: string): boolean {
    return value.startsWith(`${PREFIX}${this.current.id}:`);
  }
}
