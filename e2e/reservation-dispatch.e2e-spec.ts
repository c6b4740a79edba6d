import { tempDataDir } from '@delivery/testing';
import { quotesFor } from './support/planned-flow';
import { aReleaseOrderRecord, aSoftReservation } from './support/ship-request.fixture';
import { call, startHarness, tokenFor, V1_ORDERS, V2 } from './support/standalone-harness';

const LEAD_MS = 45 * 60_000;

/** A hard reservation is dispatched to its fleet at its lead time, by a sweep whose state is the task store. */
describe('dispatch of a confirmed reservation at its lead time', () => {
  const dir = tempDataDir('reservation-dispatch-');
  afterAll(() => dir.remove());

  it('dispatches once, at pickup minus the lead time, across a restart', async () => {
    const first = await startHarness({ dataDir: dir.path });
    let token = await tokenFor(first);
    const [quote] = await quotesFor(first, token, 'OWNFLEET');
    const reservedUntil = new Date(first.clock.now().getTime() + 20 * 60_000).toISOString();
    const { body } = await call(first, 'POST', `${V2}/orders`, { token, json: aSoftReservation(quote!.id, reservedUntil) });
    const order = body.completedShipments[0];
    expect((await call(first, 'PATCH', `${V2}/orders`, { token, json: aReleaseOrderRecord(order.orderId) })).status).toBe(204);
    const pickupStart = Date.parse(order.reservation.pickup_window.start_time);
    await first.stop();

    const second = await startHarness({ dataDir: dir.path, clockStart: new Date(pickupStart - LEAD_MS - 60_000) });
    try {
      // The demo app of the first start is the one the data directory knows.
      token = await tokenFor(second, first.demo);
      expect(await second.running.dispatches.sweep()).toBe(0);
      expect((await call(second, 'GET', `${V1_ORDERS}/${order.task_id}`, { token })).body.completedShipments[0].status).toBe('confirmed');

      second.clock.advance(60_000);
      expect(await second.running.dispatches.sweep()).toBe(1);
      expect(await second.running.dispatches.sweep()).toBe(0);
      const dispatched = (await call(second, 'GET', `${V1_ORDERS}/${order.task_id}`, { token })).body.completedShipments[0];
      expect(dispatched).toMatchObject({
        status: 'dispatched',
        ready_to_execute: true,
        fleet: { id: order.reservation.fleet.id, name: order.reservation.fleet.name, dispatched_at: second.clock.now().toISOString() },
      });
    } finally {
      await second.stop();
    }
  });
});
