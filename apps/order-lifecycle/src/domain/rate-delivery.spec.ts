import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedTaskRepository } from '../adapters/task.embedded-repository';
import { aTask } from '../testing/task.fixture';
import { rateDelivery } from './rate-delivery';
import type { TaskStatus } from './task';
import { PERSONAL_DETAILS_KEPT_MS } from './tracking';

describe("the recipient's rating", () => {
  const dir = tempDataDir('rating-');
  const store = openEmbeddedStore(dir.path);
  const tasks = new EmbeddedTaskRepository(store);
  const clock = new ManualClock(new Date('2026-11-22T12:00:00.000Z'));
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  let made = 0;
  async function tracked(status: TaskStatus): Promise<{ token: string; id: string }> {
    made += 1;
    const token = `rate-${String(made).padStart(17, '0')}`;
    const id = `tsk_${String(made).padStart(24, '0')}`;
    await tasks.create(
      {
        ...aTask(),
        id,
        shipmentId: `SHP${made}`,
        fulfillmentId: `FUL-${made}`,
        status,
        trackingToken: token,
        updatedAt: clock.now().toISOString(),
      },
      [],
    );
    return { token, id };
  }

  it('keeps one rating of a delivered parcel, its comment on one line, without changing the delivery', async () => {
    const { token, id } = await tracked('delivered');
    const before = (await tasks.findByTrackingToken(token))!;
    expect(await rateDelivery(token, { stars: 5, comment: ' Great\n  service ' }, { tasks, clock })).toBe('kept');
    const after = (await tasks.findById(before.accountId, id))!;
    expect(after.rating).toEqual({ stars: 5, comment: 'Great service', at: clock.now().toISOString() });
    expect([after.status, after.updatedAt, after.timeline]).toEqual([before.status, before.updatedAt, before.timeline]);
    expect(await rateDelivery(token, { stars: 1, comment: null }, { tasks, clock })).toBe('rated-already');
    expect((await tasks.findById(before.accountId, id))!.rating!.stars).toBe(5);
  });

  it('takes none before the delivery, nor a week after it, and refuses stars out of 1 to 5', async () => {
    expect(await rateDelivery((await tracked('en_route_to_dropoff')).token, { stars: 4, comment: null }, { tasks, clock })).toBe(
      'not-delivered',
    );
    const old = await tracked('delivered');
    const later = new ManualClock(new Date(clock.now().getTime() + PERSONAL_DETAILS_KEPT_MS + 1));
    expect(await rateDelivery(old.token, { stars: 4, comment: null }, { tasks, clock: later })).toBe('too-late');
    await expect(rateDelivery(old.token, { stars: 6, comment: null }, { tasks, clock })).rejects.toThrow(
      /stars must be a whole number from 1 to 5/,
    );
    await expect(rateDelivery('no-such-token-0000000', { stars: 3, comment: null }, { tasks, clock })).rejects.toThrow(/No delivery found/);
  });
});
