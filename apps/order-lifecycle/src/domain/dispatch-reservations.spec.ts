import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedTaskRepository } from '../adapters/task.embedded-repository';
import type { Fleets } from '../ports/fleets';
import { aTask } from '../testing/task.fixture';
import { dispatchDueReservations } from './dispatch-reservations';

const LEAD_MS = 45 * 60_000;
const confirmed = aTask({
  status: 'confirmed',
  reservation: {
    quoteId: 'qte_1',
    fleet: { id: 7, name: 'Planned Vans', fleetType: 0 },
    pickupWindow: { startTime: '2026-11-23T10:00:00.000Z', endTime: '2026-11-23T12:00:00.000Z' },
    dropoffWindow: { startTime: '2026-11-23T11:30:00.000Z', endTime: '2026-11-23T13:30:00.000Z' },
    heldUntil: '2026-11-23T09:00:00.000Z',
    confirmedAt: '2026-11-22T09:00:00.000Z',
    releasedAt: null,
  },
});
const noOtherFleets: Fleets = {
  listFleets: async () => [],
  getFleet: async () => null,
  listAccounts: async () => [],
  getAccount: async () => null,
};

describe('dispatching confirmed reservations at their lead time', () => {
  it('waits for the lead time, then dispatches to the reservation fleet exactly once when several instances sweep at once', async () => {
    const dir = tempDataDir('dispatch-');
    const store = openEmbeddedStore(dir.path);
    // Two instances: each with its own repository over the same data.
    const [a, b] = [new EmbeddedTaskRepository(store), new EmbeddedTaskRepository(store)];
    await a.create(confirmed, []);
    const clock = new ManualClock(new Date(Date.parse('2026-11-23T10:00:00.000Z') - LEAD_MS - 1));
    const deps = (tasks: EmbeddedTaskRepository) => ({
      tasks,
      fleets: noOtherFleets,
      clock,
      eventsCommitted: () => undefined,
      leadTimeMs: LEAD_MS,
    });

    expect(await dispatchDueReservations(deps(a))).toBe(0);
    clock.advance(1);
    const counts = await Promise.all([dispatchDueReservations(deps(a)), dispatchDueReservations(deps(b))]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await a.findById(confirmed.accountId, confirmed.id)).toMatchObject({
      status: 'dispatched',
      dispatch: { fleetId: 7, fleetName: 'Planned Vans', dispatchedAt: '2026-11-23T09:15:00.000Z' },
    });
    expect((await a.outbox.pending(100)).map((e) => JSON.parse(e.value).type)).toEqual(['TaskDispatched']);
    expect(await dispatchDueReservations(deps(b))).toBe(0);
    await store.close();
    dir.remove();
  });
});
