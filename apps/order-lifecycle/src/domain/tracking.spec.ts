import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedTaskRepository } from '../adapters/task.embedded-repository';
import { aReservation, aTask } from '../testing/task.fixture';
import type { Task, TaskStatus } from './task';
import { PERSONAL_DETAILS_KEPT_MS, trackDelivery } from './tracking';
import { ManualClock } from '@delivery/clock';

describe('the tracking view', () => {
  const dir = tempDataDir('tracking-');
  const store = openEmbeddedStore(dir.path);
  const tasks = new EmbeddedTaskRepository(store);
  const fleets = {
    getFleet: async () => null,
    getAccount: async () => ({ id: 'acc', name: 'Acme', createdAt: '', brand: { colour: '#aa3300', logoUrl: null } }),
  };
  const clock = new ManualClock(new Date('2026-11-22T12:00:00.000Z'));
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  let made = 0;
  /** A task at `status` whose drop-off has an ETA and which asks for a signature and a PIN. */
  async function trackedAt(status: TaskStatus, more: Partial<Task> = {}): Promise<string> {
    made += 1;
    const token = `token-${String(made).padStart(16, '0')}`;
    const base = aTask();
    const task: Task = {
      ...base,
      id: `tsk_${String(made).padStart(24, '0')}`,
      shipmentId: `SHP${made}`,
      fulfillmentId: `FUL-${made}`,
      status,
      trackingToken: token,
      wayPoints: base.wayPoints.map((w) => (w.type === 'dropoff' ? { ...w, eta: '2026-11-22T17:00:00.000Z' } : w)),
      requirements: { kinds: ['signature'], minimumAge: null },
      pin: '4821',
      ...more,
    };
    await tasks.create(task, []);
    return token;
  }

  it('shows the ETA, the window, the requirements and the PIN while the delivery is coming', async () => {
    for (const status of ['created', 'dispatched', 'en_route_to_dropoff'] as const) {
      const view = await trackDelivery(await trackedAt(status), { tasks, fleets, clock });
      expect({ status, eta: view.eta, window: view.window, requirements: view.requirements, pin: view.pin }).toEqual({
        status,
        eta: '2026-11-22T17:00:00.000Z',
        window: { start: null, end: '2026-11-22T18:00:00.000Z' },
        requirements: { kinds: ['signature'], minimumAge: null },
        pin: '4821',
      });
    }
  });

  it('shows the window of the attempt to come once a drop-off is to be tried again, not the one that failed', async () => {
    const booked = { startTime: '2026-11-22T16:00:00.000Z', endTime: '2026-11-22T18:00:00.000Z' };
    const again = { startTime: '2026-11-23T16:00:00.000Z', endTime: '2026-11-23T18:00:00.000Z' };
    const reservation = aReservation(booked);
    const view = await trackDelivery(
      await trackedAt('picked_up', { reservation, followUp: { kind: 'reattempt', attempt: 2, window: again } }),
      { tasks, fleets, clock },
    );
    expect(view.window).toEqual({ start: again.startTime, end: again.endTime });
  });

  it("shows the driver's last position, and the drop-off's when placed, only from the pickup to the door", async () => {
    const base = aTask();
    const placed = {
      driver: {
        name: 'Sam Driver',
        phone: null,
        vehicle: null,
        assignedAt: base.createdAt,
        location: { lat: 48.85, lng: 2.35, at: base.createdAt },
      },
      wayPoints: base.wayPoints.map((w) =>
        w.type === 'dropoff' ? { ...w, party: { ...w.party, address: { ...w.party.address, coordinates: { lat: 48.86, lng: 2.34 } } } } : w,
      ),
    };
    const shown = await Promise.all(
      (['assigned', 'en_route_to_pickup', 'picked_up', 'en_route_to_dropoff', 'at_dropoff', 'delivered'] as const).map(async (status) => ({
        status,
        map: (await trackDelivery(await trackedAt(status, placed), { tasks, fleets, clock })).map,
      })),
    );
    const onTheWay = { driver: { lat: 48.85, lng: 2.35, at: base.createdAt }, dropoff: { lat: 48.86, lng: 2.34 } };
    expect(shown).toEqual([
      { status: 'assigned', map: null },
      { status: 'en_route_to_pickup', map: null },
      { status: 'picked_up', map: onTheWay },
      { status: 'en_route_to_dropoff', map: onTheWay },
      { status: 'at_dropoff', map: onTheWay },
      { status: 'delivered', map: null },
    ]);
    // No position from the driver: no map; a drop-off the caller did not place: the driver alone.
    expect((await trackDelivery(await trackedAt('en_route_to_dropoff'), { tasks, fleets, clock })).map).toBeNull();
    const unplaced = await trackDelivery(await trackedAt('en_route_to_dropoff', { driver: placed.driver }), { tasks, fleets, clock });
    expect(unplaced.map).toEqual({ driver: onTheWay.driver, dropoff: null });
  });

  it('shows none of them once no delivery is coming, a lapsed hold included', async () => {
    for (const status of ['delivered', 'failed', 'returned', 'cancelled', 'released'] as const) {
      const view = await trackDelivery(await trackedAt(status), { tasks, fleets, clock });
      expect({ status, eta: view.eta, window: view.window, requirements: view.requirements, pin: view.pin }).toEqual({
        status,
        eta: null,
        window: null,
        requirements: null,
        pin: null,
      });
    }
  });

  it("shows who took the parcel, its photo and the driver's name for a week after the delivery ended, then only how it ended", async () => {
    const token = await trackedAt('delivered');
    const task = (await tasks.findByTrackingToken(token))!;
    const proofOfDelivery = { recipientName: 'Ada Lovelace', signatureUrl: null, photoUrl: 'https://pod.example/door.jpg', note: null };
    const delivered: Task = {
      ...task,
      driver: { name: 'Grace Hopper', phone: null, vehicle: null, assignedAt: task.updatedAt, location: null },
      wayPoints: task.wayPoints.map((w) => (w.type === 'dropoff' ? { ...w, proofOfDelivery } : w)),
      version: task.version + 1,
    };
    await tasks.update(delivered, task.version, []);
    const endedAt = Date.parse(delivered.updatedAt);
    const at = (ms: number) => ({ tasks, fleets, clock: new ManualClock(new Date(endedAt + ms)) });
    const recent = await trackDelivery(token, at(PERSONAL_DETAILS_KEPT_MS));
    expect({ driver: recent.driverFirstName, proof: recent.proof }).toEqual({
      driver: 'Grace',
      proof: { recipientName: 'Ada Lovelace', photoUrl: 'https://pod.example/door.jpg' },
    });
    const later = await trackDelivery(token, at(PERSONAL_DETAILS_KEPT_MS + 1));
    expect({ status: later.status, driver: later.driverFirstName, proof: later.proof }).toEqual({
      status: 'delivered',
      driver: null,
      proof: null,
    });
  });
});
