import { scrypt } from 'node:crypto';
import { generateClientSecret, hashClientSecret, isOutdatedSecretHash, verifyClientSecret } from './client-secret';

describe('client secrets', () => {
  it('carry at least 128 random bits and differ every time', () => {
    const secret = generateClientSecret();
    expect(Buffer.from(secret, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(generateClientSecret()).not.toBe(secret);
  });

  it('are stored as a salted HMAC-SHA256 that verifies only the right secret', async () => {
    const secret = generateClientSecret();
    const hash = await hashClientSecret(secret);
    expect(hash).toMatch(/^hmac-sha256\$[\w-]{22}\$[\w-]{43}$/);
    expect(isOutdatedSecretHash(hash)).toBe(false);
    expect(hash).not.toContain(secret);
    expect(await hashClientSecret(secret)).not.toBe(hash);
    expect(await verifyClientSecret(secret, hash)).toBe(true);
    expect(await verifyClientSecret(`${secret}x`, hash)).toBe(false);
    expect(await verifyClientSecret(secret, 'plain-text')).toBe(false);
  });

  it('still verify hashes stored before (scrypt), which read as outdated', async () => {
    const secret = generateClientSecret();
    const salt = Buffer.from('0123456789abcdef');
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt(secret, salt, 32, { N: 16_384, r: 8, p: 1 }, (error, derived) => (error ? reject(error) : resolve(derived))),
    );
    const old = ['scrypt', 16_384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(isOutdatedSecretHash(old)).toBe(true);
    expect(await verifyClientSecret(secret, old)).toBe(true);
    expect(await verifyClientSecret(`${secret}x`, old)).toBe(false);
  });
});
