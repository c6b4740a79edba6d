import { generateClientSecret, hashClientSecret, verifyClientSecret } from './client-secret';

describe('client secrets', () => {
  it('carry at least 128 random bits and differ every time', () => {
    const secret = generateClientSecret();
    expect(Buffer.from(secret, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(generateClientSecret()).not.toBe(secret);
  });

  it('are stored as a salted scrypt hash that verifies only the right secret', async () => {
    const secret = generateClientSecret();
    const hash = await hashClientSecret(secret);
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain(secret);
    expect(await hashClientSecret(secret)).not.toBe(hash);
    expect(await verifyClientSecret(secret, hash)).toBe(true);
    expect(await verifyClientSecret(`${secret}x`, hash)).toBe(false);
    expect(await verifyClientSecret(secret, 'plain-text')).toBe(false);
  });
});
