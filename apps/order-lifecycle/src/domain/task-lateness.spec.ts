import { DEFAULT_LATENESS_POLICY } from '@delivery/accounts';
import { ManualClock } from '@delivery/clock';
import type { EventEnvelope } from '@delivery/contracts';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedTaskRepository } from '../adapters/task.embedded-repository';
import { aTask } from '../testing/task.fixture';
import { reportLateness } from './report-lateness';
import type { Task } from './task';
import { lateAlerts, nextLatenessCheck } from './task-lateness';

// Ships at 12:00, to be delivered by 18:00; late when no driver by 11:30, not picked up by 12:30, in one state for an hour.
const watched = (overrides: Partial<Task> = {}) =>
  aTask({
    status: 'dispatched',
    shipDate: '2026-11-23T12:00:00.000Z',
    deliveryDate: '2026-11-23T18:00:00.000Z',
    createdAt: '2026-11-23T09:00:00.000Z',
    updatedAt: '2026-11-23T09:00:00.000Z',
    lateness: { policy: DEFAULT_LATENESS_POLICY, alerts: [] },
    ...overrides,
  });
const at = (time: string) => new Date(time);
const kinds = (task: Task, time: string) => lateAlerts(task, at(time)).map((a) => a.kind);
const withEta = (task: Task, eta: string): Task => ({
  ...task,
  wayPoints: task.wayPoints.map((w) => (w.type === 'dropoff' ? { ...w, eta } : w)),
});

describe('task lateness', () => {
  it('a task waiting for a driver is late 30 minutes before its pickup, then late for its pickup after the grace', () => {
    const task = watched();
    expect(nextLatenessCheck(task)).toBe('2026-11-23T11:30:00.000Z');
    expect(kinds(task, '2026-11-23T11:29:59.000Z')).toEqual([]);
    expect(lateAlerts(task, at('2026-11-23T11:30:00.000Z'))).toEqual([
      {
        kind: 'unassigned',
        deadline: '2026-11-23T11:30:00.000Z',
        at: '2026-11-23T11:30:00.000Z',
        detail: 'no driver 30 minutes before the pickup at 2026-11-23T12:00:00.000Z',
      },
    ]);
    expect(kinds(task, '2026-11-23T12:30:00.000Z')).toEqual(['unassigned', 'pickup_late']);
  });

  it('tells each kind once, and watches nothing once the task has ended or for a task made before lateness', () => {
    const told = watched({ lateness: { policy: DEFAULT_LATENESS_POLICY, alerts: lateAlerts(watched(), at('2026-11-23T11:30:00.000Z')) } });
    expect(nextLatenessCheck(told)).toBe('2026-11-23T12:30:00.000Z');
    expect(nextLatenessCheck(watched({ status: 'delivered' }))).toBeNull();
    expect(nextLatenessCheck(watched({ lateness: undefined }))).toBeNull();
  });

  it('a booked window gives the pickup and drop-off deadlines; a driver named ends "unassigned"', () => {
    const planned = watched({
      status: 'assigned',
      reservation: {
        quoteId: 'qte_1',
        fleet: { id: 1, name: 'Own', fleetType: 0 },
        pickupWindow: { startTime: '2026-11-23T10:00:00.000Z', endTime: '2026-11-23T12:00:00.000Z' },
        dropoffWindow: { startTime: '2026-11-23T11:30:00.000Z', endTime: '2026-11-23T13:30:00.000Z' },
        heldUntil: '2026-11-23T09:30:00.000Z',
        confirmedAt: '2026-11-23T09:10:00.000Z',
        releasedAt: null,
      },
      timeline: [{ event: 'DriverAssigned', at: '2026-11-23T11:50:00.000Z' }],
    });
    expect(kinds(planned, '2026-11-23T12:00:00.000Z')).toEqual(['pickup_late']);
    expect(kinds(planned, '2026-11-23T13:30:00.000Z')).toEqual(['pickup_late', 'dropoff_late', 'stalled']);
  });

  it('a drop-off is late as soon as its ETA passes the end of its window', () => {
    const picked = watched({
      status: 'en_route_to_dropoff',
      updatedAt: '2026-11-23T13:00:00.000Z',
      timeline: [{ event: 'TaskStarted', at: '2026-11-23T12:40:00.000Z' }],
    });
    const pickedUp = {
      ...picked,
      wayPoints: picked.wayPoints.map((w) => (w.type === 'pickup' ? { ...w, completedAt: '2026-11-23T12:35:00.000Z' } : w)),
    };
    expect(kinds(withEta(pickedUp, '2026-11-23T17:00:00.000Z'), '2026-11-23T13:00:00.000Z')).toEqual([]);
    const alert = lateAlerts(withEta(pickedUp, '2026-11-23T18:20:00.000Z'), at('2026-11-23T13:00:00.000Z'));
    expect(alert).toMatchObject([
      { kind: 'dropoff_late', detail: 'the drop-off ETA 2026-11-23T18:20:00.000Z is after its end at 2026-11-23T18:00:00.000Z' },
    ]);
  });

  it('a task under way is stalled after an hour without a step; ETA updates are not steps', () => {
    const started = watched({
      status: 'en_route_to_pickup',
      timeline: [
        { event: 'TaskStarted', at: '2026-11-23T11:00:00.000Z' },
        { event: 'TaskEtaUpdated', at: '2026-11-23T11:40:00.000Z' },
      ],
    });
    expect(nextLatenessCheck(started)).toBe('2026-11-23T12:00:00.000Z');
    expect(kinds(started, '2026-11-23T12:00:00.000Z')).toEqual(['stalled']);
  });

  it('the sweep tells what is due once, as TaskLate events, and nothing more on the next pass', async () => {
    const dir = tempDataDir('lateness-');
    const store = openEmbeddedStore(dir.path);
    const tasks = new EmbeddedTaskRepository(store);
    const clock = new ManualClock(at('2026-11-23T11:00:00.000Z'));
    const task = watched();
    await tasks.create(task, []);
    const deps = { tasks, clock, eventsCommitted: () => undefined };
    expect(await reportLateness(deps)).toBe(0);
    clock.advance(30 * 60_000);
    expect(await reportLateness(deps)).toBe(1);
    expect(await reportLateness(deps)).toBe(0);
    const events: EventEnvelope[] = (await tasks.outbox.pending(10)).map((entry) => JSON.parse(entry.value));
    expect(events.map((e) => [e.type, (e.data as { alert: { kind: string } }).alert.kind])).toEqual([['TaskLate', 'unassigned']]);
    expect((await tasks.findById(task.accountId, task.id))?.lateness?.alerts.map((a) => a.kind)).toEqual(['unassigned']);
    await tasks.close();
    await store.close();
    dir.remove();
  });
});
