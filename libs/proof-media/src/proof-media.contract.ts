import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { ProofMediaStore } from './proof-media';

/** What every proof media store does, the S3 adapter against a real S3 API and the files one alike. */
export function describeProofMediaContract(name: string, make: () => Promise<ProofMediaStore>, release?: () => Promise<void>) {
  describe(`ProofMediaStore contract: ${name}`, () => {
    let media: ProofMediaStore;
    const key = (kind = 'photo') => `acc_${randomBytes(4).toString('hex')}/tsk_${randomBytes(6).toString('hex')}/${kind}-1.jpg`;

    beforeAll(async () => {
      media = await make();
    });
    afterAll(async () => {
      await media.close();
      await release?.();
    });

    it('keeps an object with its media type, replaces it, and forgets it once deleted', async () => {
      const photo = key();
      await media.put(photo, Buffer.from('first'), 'image/jpeg');
      expect(await media.get(photo)).toEqual({ bytes: Buffer.from('first'), contentType: 'image/jpeg' });
      await media.put(photo, Buffer.from('second'), 'image/png');
      expect(await media.get(photo)).toEqual({ bytes: Buffer.from('second'), contentType: 'image/png' });
      await media.delete(photo);
      expect(await media.get(photo)).toBeNull();
      // Deleting what is not there is no error: a retention sweep may run twice.
      await media.delete(photo);
      expect(await media.get(key())).toBeNull();
    });

    it("lists an account's objects stored before a moment, a page at a time, and no other account's", async () => {
      const account = `acc_${randomBytes(4).toString('hex')}`;
      const keys = [`${account}/tsk_a/photo-1.jpg`, `${account}/tsk_a/signature-1.png`, `${account}/tsk_b/photo-2.jpg`];
      for (const stored of keys) await media.put(stored, Buffer.from('x'), 'image/jpeg');
      await media.put(`${account}x/tsk_a/photo-1.jpg`, Buffer.from('x'), 'image/jpeg');
      const later = new Date(Date.now() + 60_000);
      expect((await media.storedBefore(`${account}/`, later, 100)).sort()).toEqual(keys.sort());
      expect(await media.storedBefore(`${account}/`, later, 2)).toHaveLength(2);
      expect(await media.storedBefore(`${account}/`, new Date(Date.now() - 60_000), 100)).toEqual([]);
      expect(await media.storedBefore(`acc_${randomBytes(4).toString('hex')}/`, later, 100)).toEqual([]);
    });

    it('gives back every byte as it was stored', async () => {
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), async (bytes) => {
          const stored = key('signature');
          await media.put(stored, Buffer.from(bytes), 'image/png');
          expect((await media.get(stored))?.bytes.equals(Buffer.from(bytes))).toBe(true);
        }),
        { numRuns: 15 },
      );
    });

    it.each(['../outside.jpg', 'acc/../../outside.jpg', '/etc/passwd', '', 'acc//x.jpg', 'acc/./x.jpg', 'acc/x y.jpg'])(
      'refuses a key that is not one of ours (%j), touching nothing',
      async (bad) => {
        await expect(media.put(bad, Buffer.from('x'), 'image/jpeg')).rejects.toThrow('not a media key');
        await expect(media.get(bad)).rejects.toThrow('not a media key');
        await expect(media.delete(bad)).rejects.toThrow('not a media key');
      },
    );

    it('takes a direct upload where it gives a URL, its media type among what the URL signs', async () => {
      const photo = key();
      const url = await media.uploadUrl(photo, 'image/jpeg', 60);
      if (url === null) return expect(await media.get(photo)).toBeNull();
      // The store refuses a PUT whose content type differs from the one signed (SigV4; AWS's
      // own check, which s3rver does not make: unproven here beyond what the URL signs).
      expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
      const uploaded = await fetch(url, { method: 'PUT', body: 'from the phone', headers: { 'content-type': 'image/jpeg' } });
      expect(uploaded.status).toBe(200);
      expect(await media.get(photo)).toEqual({ bytes: Buffer.from('from the phone'), contentType: 'image/jpeg' });
    });
  });
}
