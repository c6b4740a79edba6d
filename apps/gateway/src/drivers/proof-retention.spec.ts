import { ManualClock } from '@delivery/clock';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { FileProofMediaStore } from '@delivery/proof-media/embedded';
import { tempDataDir } from '@delivery/testing';
import type { Account } from '@delivery/accounts';
import { sweepProofMedia } from './proof-retention';

const DAY = 24 * 60 * 60 * 1000;

describe("the proof media's retention sweep", () => {
  const dir = tempDataDir('proof-retention-');
  const media = new FileProofMediaStore(`${dir.path}/media`);
  const kv = new EmbeddedKeyValueStore(openEmbeddedStore(`${dir.path}/kv`));
  afterAll(async () => {
    await kv.close();
    dir.remove();
  });
  const account = (id: string, proofMedia: Account['proofMedia']): Account => ({
    id,
    name: id,
    createdAt: '2026-01-01T00:00:00.000Z',
    proofMedia,
  });

  it("deletes each account's proofs past its own retention (180 days unless it says), keeps the others, and sweeps once an hour across replicas", async () => {
    for (const key of ['acc_default/tsk_1/photo-1.jpg', 'acc_year/tsk_1/photo-1.jpg', 'acc_week/tsk_1/signature-1.png']) {
      await media.put(key, Buffer.from('x'), 'image/jpeg');
    }
    const accounts = {
      listAccounts: async () => [
        account('acc_default', null),
        account('acc_year', { retentionDays: 365, keepLocation: false }),
        account('acc_week', { retentionDays: 7, keepLocation: false }),
      ],
    };
    // Ten days on: only the week's are past.
    const clock = new ManualClock(new Date(Date.now() + 10 * DAY));
    expect(await sweepProofMedia({ accounts, proofMedia: media, kv, clock })).toBe(1);
    expect(await media.get('acc_week/tsk_1/signature-1.png')).toBeNull();
    // Another replica, within the hour: the lease is taken, nothing done twice.
    clock.advance(200 * DAY);
    expect(await sweepProofMedia({ accounts, proofMedia: media, kv, clock })).toBe(0);
    expect(await media.get('acc_default/tsk_1/photo-1.jpg')).not.toBeNull();
    // The next hour's sweep (the lease gone): past 180 days, the default's go; a year's stay.
    const nextHour = new EmbeddedKeyValueStore(openEmbeddedStore(`${dir.path}/kv-next`));
    try {
      expect(await sweepProofMedia({ accounts, proofMedia: media, kv: nextHour, clock })).toBe(1);
      expect(await media.get('acc_default/tsk_1/photo-1.jpg')).toBeNull();
      expect(await media.get('acc_year/tsk_1/photo-1.jpg')).not.toBeNull();
    } finally {
      await nextHour.close();
    }
  });
});
