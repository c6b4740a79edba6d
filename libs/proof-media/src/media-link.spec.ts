import fc from 'fast-check';
import { keyOfRef, MediaLinks, mediaKey, mediaRef } from './index';

const NOW = new Date('2026-11-29T10:00:00.000Z');
const KEY = Buffer.alloc(32, 7);

describe('media links', () => {
  const links = new MediaLinks([KEY]);
  const key = mediaKey('acc_1', 'tsk_1', 'photo', 'jpg');
  const parts = (link: string) => {
    const url = new URL(link);
    return {
      key: url.pathname
        .replace(/^\/media\//, '')
        .split('/')
        .map(decodeURIComponent)
        .join('/'),
      expires: Number(url.searchParams.get('expires')),
      signature: url.searchParams.get('signature')!,
    };
  };

  it('signs a stored proof’s link until it expires, and nothing else', () => {
    const link = links.shown('https://gw.example/', mediaRef(key), NOW, 60_000)!;
    expect(link).toMatch(/^https:\/\/gw\.example\/media\/acc_1\/tsk_1\/photo-[0-9a-f]{24}\.jpg\?expires=\d+&signature=/);
    const { expires, signature } = parts(link);
    expect(links.valid(key, expires, signature, NOW)).toBe(true);
    expect(links.valid(key, expires, signature, new Date(NOW.getTime() + 60_000))).toBe(false);
    // Another key, another expiry, another signing key: refused.
    expect(links.valid(mediaKey('acc_1', 'tsk_1', 'photo', 'jpg'), expires, signature, NOW)).toBe(false);
    expect(links.valid(key, expires + 1, signature, NOW)).toBe(false);
    expect(new MediaLinks([Buffer.alloc(32, 8)]).valid(key, expires, signature, NOW)).toBe(false);
    // After a rotation, the old key still checks the links it signed.
    expect(new MediaLinks([Buffer.alloc(32, 8), KEY]).valid(key, expires, signature, NOW)).toBe(true);
  });

  it("leaves a fleet's own URL as it came, and reads no key out of anything but our references", () => {
    expect(links.shown('https://gw.example', 'https://pod.example/1.jpg', NOW, 60_000)).toBe('https://pod.example/1.jpg');
    expect(links.shown('https://gw.example', null, NOW, 60_000)).toBeNull();
    expect(keyOfRef('media:../../etc/passwd')).toBeNull();
    expect(keyOfRef('media:acc/../x')).toBeNull();
    expect(keyOfRef(mediaRef(key))).toBe(key);
  });

  it('never takes a forged signature, whatever its text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.integer({ min: 0, max: 2 ** 40 }), (signature, expires) => {
        expect(links.valid(key, expires, signature, NOW)).toBe(false);
      }),
    );
  });
});
