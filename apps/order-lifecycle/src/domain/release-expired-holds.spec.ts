import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedTaskRepository } from '../adapters/task.embedded-repository';
import type { QuoteReservationRef, QuoteReservations } from '../ports/quote-reservations';
import { aTask } from '../testing/task.fixture';
import { PeriodicSweep } from './periodic-sweep';
import { releaseExpiredHolds } from './release-expired-holds';

const held = (heldUntil: string) =>
  aTask({
    status: 'reserved',
    readyToExecute: false,
    reservation: {
      quoteId: 'qte_1',
      fleet: { id: 1, name: 'Own Fleet', fleetType: 0 },
      pickupWindow: { startTime: '2026-11-23T10:00:00.000Z', endTime: '2026-11-23T12:00:00.000Z' },
      dropoffWindow: { startTime: '2026-11-23T11:30:00.000Z', endTime: '2026-11-23T13:30:00.000Z' },
      heldUntil,
      confirmedAt: null,
      releasedAt: null,
    },
  });

function recordingQuotes() {
  const released: QuoteReservationRef[] = [];
  const quotes: QuoteReservations = {
    priceTask: async () => Promise.reject(new Error('unused')),
    reserve: async () => Promise.reject(new Error('unused')),
    confirm: async () => undefined,
    release: async (ref) => void released.push(ref),
  };
  return { quotes, released };
}

describe('releasing expired holds', () => {
  const logger = { error: () => undefined };

  it('releases a hold exactly once when several instances sweep at the same moment', async () => {
    const dir = tempDataDir('holds-');
    const store = openEmbeddedStore(dir.path);
    // Two instances: each with its own repository over the same data.
    const [a, b] = [new EmbeddedTaskRepository(store), new EmbeddedTaskRepository(store)];
    await a.create(held('2026-11-23T09:00:00.000Z'), []);
    const clock = new ManualClock(new Date('2026-11-23T09:00:00.000Z'));
    const { quotes, released } = recordingQuotes();

    const counts = await Promise.all([
      releaseExpiredHolds({ tasks: a, quotes, clock, eventsCommitted: () => undefined, logger }),
      releaseExpiredHolds({ tasks: b, quotes, clock, eventsCommitted: () => undefined, logger }),
    ]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    // The capacity goes back at least once; the quote service's release is idempotent per reservation key.
    expect(new Set(released.map((r) => `${r.quoteId} ${r.key}`))).toEqual(new Set([`qte_1 ["acc_1","FUL-1"]`]));
    const events = (await a.outbox.pending(100)).map((e) => JSON.parse(e.value).type);
    expect(events).toEqual(['ReservationExpired']);
    expect((await a.findById('acc_1', aTask().id))?.status).toBe('released');
    await store.close();
    dir.remove();
  });

  it('finds holds that fell due while no instance ran, after a restart', async () => {
    const dir = tempDataDir('holds-restart-');
    const before = openEmbeddedStore(dir.path);
    await new EmbeddedTaskRepository(before).create(held('2026-11-23T09:00:00.000Z'), []);
    await before.close();

    const after = openEmbeddedStore(dir.path);
    const tasks = new EmbeddedTaskRepository(after);
    const deps = {
      tasks,
      ...recordingQuotes(),
      clock: new ManualClock(new Date('2026-11-23T12:00:00.000Z')),
      eventsCommitted: () => undefined,
      logger,
    };
    const scheduler = new PeriodicSweep('hold expiry', () => releaseExpiredHolds(deps), 60_000, logger);
    expect(await scheduler.sweep()).toBe(1);
    expect(await scheduler.sweep()).toBe(0);
    await scheduler.stop();
    await after.close();
    dir.remove();
  });

  it('keeps the release when the quote service cannot be told, and gives the capacity back once it can', async () => {
    const dir = tempDataDir('holds-down-');
    const store = openEmbeddedStore(dir.path);
    const tasks = new EmbeddedTaskRepository(store);
    const task = held('2026-11-23T09:00:00.000Z');
    await tasks.create(task, []);
    const errors: unknown[] = [];
    const { quotes, released } = recordingQuotes();
    let reachable = false;
    const deps = {
      tasks,
      quotes: {
        ...quotes,
        release: async (ref: QuoteReservationRef) => (reachable ? quotes.release(ref) : Promise.reject(new Error('quote service down'))),
      },
      clock: new ManualClock(new Date('2026-11-23T10:00:00.000Z')),
      eventsCommitted: () => undefined,
      logger: { error: (...args: unknown[]) => void errors.push(args) },
    };
    expect(await releaseExpiredHolds(deps)).toBe(1);
    expect(errors).toHaveLength(1);
    expect((await tasks.findById(task.accountId, task.id))!.status).toBe('released');

    // Still down at the next sweep: still owed, nothing lost.
    expect(await releaseExpiredHolds(deps)).toBe(0);
    expect(errors).toHaveLength(2);
    expect(await tasks.findCapacityOwed(10)).toHaveLength(1);

    reachable = true;
    await releaseExpiredHolds(deps);
    expect(released.map((r) => r.quoteId)).toEqual(['qte_1']);
    expect((await tasks.findById(task.accountId, task.id))!.reservation!.capacityReturnedAt).toBe('2026-11-23T10:00:00.000Z');
    expect(await tasks.findCapacityOwed(10)).toEqual([]);
    await releaseExpiredHolds(deps);
    expect(released).toHaveLength(1);
    await store.close();
    dir.remove();
  });
});
