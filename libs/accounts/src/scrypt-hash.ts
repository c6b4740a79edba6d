import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost: N and r set the memory (N × r × 128 bytes), p the parallel work. */
export type ScryptParams = Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>>;

// N=2^15 with r=8 needs 32 MiB, exactly node's default ceiling; leave room.
const MAX_MEMORY = 64 * 1024 * 1024;

const scrypt = (secret: string, salt: Buffer, length: number, params: ScryptParams) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(secret, salt, length, { ...params, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** Equal bytes, compared in constant time. */
export const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/** `scrypt$N$r$p$salt$hash`, so the parameters can grow without breaking stored hashes. It runs on libuv's pool. */
export async function scryptHash(secret: string, params: ScryptParams, keyLength: number): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(secret, salt, keyLength, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyScryptHash(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(secret, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return sameBytes(actual, expected);
}
