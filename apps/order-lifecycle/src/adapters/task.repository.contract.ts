import { describeTaskRoundTrips } from './task.round-trip.contract';
import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@delivery/contracts';
import { newShipmentId, newTaskId, newTrackingToken } from '../domain/ids';
import type { Task } from '../domain/task';
import type { TaskRepository } from '../ports/task.repository';
import { aTask } from '../testing/task.fixture';

export function describeTaskRepositoryContract(name: string, make: () => Promise<TaskRepository>, release?: () => Promise<void>) {
  describe(`TaskRepository contract: ${name}`, () => {
    let tasks: TaskRepository;
    const unique = () => randomBytes(6).toString('hex');
    const newTask = (overrides: Partial<Task> = {}) =>
      aTask({
        id: newTaskId(),
        shipmentId: newShipmentId(),
        accountId: `acc_${unique()}`,
        fulfillmentId: `FUL-${unique()}`,
        trackingToken: newTrackingToken(),
        ...overrides,
      });
    const event = (task: Task, type: string): EventEnvelope => ({
      id: `evt_${unique()}`,
      type,
      version: 1,
      occurredAt: '2026-11-22T09:00:00.000Z',
      accountId: task.accountId,
      correlationId: 'corr',
      causationId: null,
      subject: task.id,
      data: {},
    });
    const drain = async () => {
      const all = await tasks.outbox.pending(10_000);
      await tasks.outbox.markPublished(all.map((e) => e.id));
    };

    beforeAll(async () => {
      tasks = await make();
    });
    afterAll(async () => {
      await tasks.close();
      await release?.();
    });
    beforeEach(drain);

    describeTaskRoundTrips(() => tasks);

    it('stores a task and finds it by task id, shipment id and fulfillment id', async () => {
      const task = newTask();
      expect(await tasks.create(task, [])).toEqual({ created: true });
      expect(await tasks.findById(task.accountId, task.id)).toEqual(task);
      expect(await tasks.findByShipmentId(task.accountId, task.shipmentId)).toEqual(task);
      expect(await tasks.findByFulfillmentId(task.accountId, task.fulfillmentId)).toEqual(task);
      expect(await tasks.findByTrackingToken(task.trackingToken!)).toEqual(task);
      expect(await tasks.findByTrackingToken('AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    });

    it('keeps tasks stored before tracking tokens existed, any number of them, each without one', async () => {
      const [first, second] = [newTask({ trackingToken: undefined }), newTask({ trackingToken: undefined })];
      expect(await tasks.create(first, [])).toEqual({ created: true });
      expect(await tasks.create(second, [])).toEqual({ created: true });
      expect(await tasks.findById(second.accountId, second.id)).toEqual(second);
    });

    it("never shows one account's task to another", async () => {
      const task = newTask();
      await tasks.create(task, []);
      expect(await tasks.findById('acc_other', task.id)).toBeNull();
      expect(await tasks.findByShipmentId('acc_other', task.shipmentId)).toBeNull();
      expect(await tasks.findByFulfillmentId('acc_other', task.fulfillmentId)).toBeNull();
    });

    it('returns the existing task instead of a second one for the same fulfillment id', async () => {
      const first = newTask();
      await tasks.create(first, [event(first, 'OrderCreated')]);
      const again = newTask({ accountId: first.accountId, fulfillmentId: first.fulfillmentId });
      const stored = { ...first, timeline: [{ event: 'OrderCreated', at: '2026-11-22T09:00:00.000Z' }] };
      expect(await tasks.create(again, [event(again, 'OrderCreated')])).toEqual({ created: false, existing: stored });
      expect(await tasks.findById(again.accountId, again.id)).toBeNull();
      expect((await tasks.outbox.pending(100)).map((e) => e.key)).toEqual([first.id]);
    });

    it('allows the same fulfillment id in two accounts', async () => {
      const first = newTask();
      const other = newTask({ fulfillmentId: first.fulfillmentId });
      await tasks.create(first, []);
      expect(await tasks.create(other, [])).toEqual({ created: true });
    });

    it("keeps the caller's platform fields as given, whatever their keys, through a create and an update", async () => {
      const platformFields = {
        $where: 'not an operator',
        'dotted.key': { 'a.b': [1, null, { $gt: 0 }] },
        referenceFields: [{ key: 'loyalty', value: { tier: 'GOLD' } }],
        empty: {},
      };
      const task = newTask({ platformFieldsJson: JSON.stringify(platformFields) });
      await tasks.create(task, []);
      expect(await tasks.findById(task.accountId, task.id)).toEqual(task);
      const cancelled = { ...task, status: 'cancelled' as const, version: 2 };
      expect(await tasks.update(cancelled, 1, [])).toBe(true);
      expect(JSON.parse((await tasks.findById(task.accountId, task.id))!.platformFieldsJson!)).toEqual(platformFields);
    });

    it('updates only from the expected version', async () => {
      const task = newTask();
      await tasks.create(task, []);
      const cancelled = { ...task, status: 'cancelled' as const, version: 2 };
      expect(await tasks.update(cancelled, 1, [event(task, 'OrderCancelled')])).toBe(true);
      expect(await tasks.update({ ...task, version: 2 }, 1, [event(task, 'Stale')])).toBe(false);
      expect(await tasks.findById(task.accountId, task.id)).toEqual({
        ...cancelled,
        timeline: [{ event: 'OrderCancelled', at: '2026-11-22T09:00:00.000Z' }],
      });
      expect((await tasks.outbox.pending(100)).map((e) => JSON.parse(e.value).type)).toEqual(['OrderCancelled']);
    });

    it("lists an account's tasks newest first, filtered, a page at a time, and never another account's", async () => {
      const accountId = `acc_${unique()}`;
      const at = (minute: number) => `2026-11-22T09:${String(minute).padStart(2, '0')}:00.000Z`;
      const dispatch = (fleetId: number) => ({ fleetId, fleetName: `Fleet ${fleetId}`, dispatchedAt: at(0), acceptedAt: null });
      const made = [];
      for (let minute = 0; minute < 7; minute++) {
        const task = newTask({
          accountId,
          createdAt: at(minute),
          status: minute % 2 === 0 ? 'created' : 'dispatched',
          dispatch: minute % 2 === 0 ? null : dispatch(minute === 5 ? 2 : 1),
        });
        await tasks.create(task, []);
        made.push(task);
      }
      await tasks.create(newTask({ createdAt: at(3) }), []);
      const ids = (page: { tasks: Task[] }) => page.tasks.map((t) => t.id);
      const newestFirst = [...made].reverse().map((t) => t.id);

      const first = await tasks.listTasks(accountId, {}, { cursor: null, limit: 3 });
      expect(ids(first)).toEqual(newestFirst.slice(0, 3));
      const second = await tasks.listTasks(accountId, {}, { cursor: first.next, limit: 3 });
      expect(ids(second)).toEqual(newestFirst.slice(3, 6));
      const third = await tasks.listTasks(accountId, {}, { cursor: second.next, limit: 3 });
      expect(ids(third)).toEqual(newestFirst.slice(6));
      expect(third.next).toBeNull();
      // A page that ends with the last task says nothing follows, as a shorter one does.
      const whole = await tasks.listTasks(accountId, {}, { cursor: null, limit: 7 });
      expect({ tasks: ids(whole), next: whole.next }).toEqual({ tasks: newestFirst, next: null });

      expect(ids(await tasks.listTasks(accountId, { status: 'dispatched' }, { cursor: null, limit: 10 }))).toEqual(
        [made[5]!, made[3]!, made[1]!].map((t) => t.id),
      );
      expect(ids(await tasks.listTasks(accountId, { fleetId: 2 }, { cursor: null, limit: 10 }))).toEqual([made[5]!.id]);
      expect(ids(await tasks.listTasks(accountId, { createdFrom: at(2), createdTo: at(4) }, { cursor: null, limit: 10 }))).toEqual(
        [made[3]!, made[2]!].map((t) => t.id),
      );
      expect((await tasks.listTasks(`acc_${unique()}`, {}, { cursor: null, limit: 10 })).tasks).toEqual([]);
    });

    it("keeps the task's timeline: every event written with it, in order, whatever copy of it a change carries", async () => {
      const task = newTask();
      const at = (event: EventEnvelope, time: string) => ({ ...event, occurredAt: time });
      await tasks.create(task, [at(event(task, 'OrderCreated'), '2026-11-22T09:00:00.000Z')]);
      const other = newTask();
      // An event of another task written in the same change is not this task's step.
      await tasks.update({ ...task, version: 2 }, 1, [
        at(event(task, 'TaskDispatched'), '2026-11-22T09:01:00.000Z'),
        at(event(other, 'Unrelated'), '2026-11-22T09:01:00.000Z'),
      ]);
      // The task given carries no timeline (a stale copy): the stored one still grows.
      await tasks.update({ ...task, version: 3 }, 2, [at(event(task, 'DriverAssigned'), '2026-11-22T09:02:00.000Z')]);
      await tasks.update({ ...task, version: 4 }, 3, []);
      expect((await tasks.findById(task.accountId, task.id))?.timeline).toEqual([
        { event: 'OrderCreated', at: '2026-11-22T09:00:00.000Z' },
        { event: 'TaskDispatched', at: '2026-11-22T09:01:00.000Z' },
        { event: 'DriverAssigned', at: '2026-11-22T09:02:00.000Z' },
      ]);
    });

    it("keeps events in the outbox, each task's in commit order, until marked published", async () => {
      const a = newTask();
      const b = newTask();
      await tasks.create(a, [event(a, 'OrderCreated')]);
      await tasks.create(b, [event(b, 'OrderCreated')]);
      await tasks.update({ ...a, version: 2 }, 1, [event(a, 'OrderCancelled')]);
      const pending = await tasks.outbox.pending(100);
      const typesOf = (taskId: string) => pending.filter((e) => e.key === taskId).map((e) => JSON.parse(e.value).type);
      expect(pending).toHaveLength(3);
      expect(typesOf(a.id)).toEqual(['OrderCreated', 'OrderCancelled']);
      expect(typesOf(b.id)).toEqual(['OrderCreated']);
      expect(pending.every((e) => e.topic === 'delivery.orders.v1')).toBe(true);
      expect(await tasks.outbox.pending(1)).toHaveLength(1);

      await tasks.outbox.markPublished([pending[0]!.id]);
      expect((await tasks.outbox.pending(100)).map((e) => e.id).sort()).toEqual([pending[1]!.id, pending[2]!.id].sort());
    });

    it('stores nothing, not even events, when a create loses to an existing task', async () => {
      const first = newTask();
      await tasks.create(first, []);
      const loser = newTask({ accountId: first.accountId, fulfillmentId: first.fulfillmentId });
      await tasks.create(loser, [event(loser, 'OrderCreated')]);
      expect(await tasks.outbox.pending(100)).toEqual([]);
      expect(await tasks.findByShipmentId(loser.accountId, loser.shipmentId)).toBeNull();
    });

    it("finds an order id's tasks within the account", async () => {
      const first = newTask({ orderId: `ORD-${unique()}` });
      const second = newTask({ accountId: first.accountId, orderId: first.orderId });
      await tasks.create(first, []);
      await tasks.create(second, []);
      await tasks.create(newTask({ orderId: first.orderId }), []);
      expect((await tasks.findByOrderId(first.accountId, first.orderId)).map((t) => t.id).sort()).toEqual([first.id, second.id].sort());
      expect(await tasks.findByOrderId(first.accountId, 'ORD-none')).toEqual([]);
    });

    it('finds reserved tasks whose hold is due, and forgets them once they move on', async () => {
      const reservation = (heldUntil: string) => ({
        quoteId: `qte_${unique()}`,
        fleet: { id: 1, name: 'Own Fleet', fleetType: 0 },
        pickupWindow: { startTime: '2030-01-02T10:00:00.000Z', endTime: '2030-01-02T12:00:00.000Z' },
        dropoffWindow: { startTime: '2030-01-02T11:30:00.000Z', endTime: '2030-01-02T13:30:00.000Z' },
        heldUntil,
        confirmedAt: null,
        releasedAt: null,
      });
      const due = newTask({ status: 'reserved', readyToExecute: false, reservation: reservation('2030-01-01T09:00:00.000Z') });
      const later = newTask({ status: 'reserved', readyToExecute: false, reservation: reservation('2030-01-01T11:00:00.000Z') });
      await tasks.create(due, []);
      await tasks.create(later, []);
      const now = new Date('2030-01-01T10:00:00.000Z');
      expect((await tasks.findHoldsDue(now, 100)).map((t) => t.id)).toContain(due.id);
      expect((await tasks.findHoldsDue(now, 100)).map((t) => t.id)).not.toContain(later.id);

      await tasks.update({ ...due, status: 'released', version: 2 }, 1, []);
      expect((await tasks.findHoldsDue(now, 100)).map((t) => t.id)).not.toContain(due.id);
    });

    it('finds tasks whose next lateness check is due, moves on once one is told, and never watches a task without thresholds', async () => {
      const policy = { unassignedMinutesBeforePickup: 30, pickupGraceMinutes: 30, stalledMinutes: 60 };
      const day = { shipDate: '2032-01-01T12:00:00.000Z', deliveryDate: '2032-01-01T18:00:00.000Z' };
      const watched = newTask({ status: 'dispatched', ...day, lateness: { policy, alerts: [] } });
      const unwatched = newTask({ status: 'dispatched', ...day, lateness: null });
      await tasks.create(watched, []);
      await tasks.create(unwatched, []);
      const due = async (at: string) => (await tasks.findLatenessDue(new Date(at), 1_000)).map((t) => t.id);
      expect(await due('2032-01-01T11:29:00.000Z')).not.toContain(watched.id);
      expect(await due('2032-01-01T11:30:00.000Z')).toContain(watched.id);
      expect(await due('2040-01-01T00:00:00.000Z')).not.toContain(unwatched.id);
      const alert = {
        kind: 'unassigned' as const,
        deadline: '2032-01-01T11:30:00.000Z',
        at: '2032-01-01T11:30:00.000Z',
        detail: 'no driver',
      };
      await tasks.update({ ...watched, lateness: { policy, alerts: [alert] }, version: 2 }, 1, [event(watched, 'TaskLate')]);
      expect(await due('2032-01-01T12:29:00.000Z')).not.toContain(watched.id);
      expect(await due('2032-01-01T12:30:00.000Z')).toContain(watched.id);
      await tasks.update({ ...watched, status: 'cancelled', lateness: { policy, alerts: [alert] }, version: 3 }, 2, []);
      expect(await due('2040-01-01T00:00:00.000Z')).not.toContain(watched.id);
    });

    it('finds confirmed reservations due for dispatch by their pickup, and forgets them once dispatched', async () => {
      const confirmed = (pickupStart: string) =>
        newTask({
          status: 'confirmed',
          reservation: {
            quoteId: `qte_${unique()}`,
            fleet: { id: 1, name: 'Own Fleet', fleetType: 0 },
            pickupWindow: { startTime: pickupStart, endTime: '2031-01-02T12:00:00.000Z' },
            dropoffWindow: { startTime: '2031-01-02T11:30:00.000Z', endTime: '2031-01-02T13:30:00.000Z' },
            heldUntil: '2031-01-01T00:00:00.000Z',
            confirmedAt: '2031-01-01T00:00:00.000Z',
            releasedAt: null,
          },
        });
      const [soon, later] = [confirmed('2031-01-02T10:00:00.000Z'), confirmed('2031-01-02T14:00:00.000Z')];
      await tasks.create(later, []);
      await tasks.create(soon, []);
      const due = async () => (await tasks.findDispatchesDue(new Date('2031-01-02T10:00:00.000Z'), 100)).map((t) => t.id);
      expect(await due()).toContain(soon.id);
      expect(await due()).not.toContain(later.id);
      const dispatch = { fleetId: 1, fleetName: 'Own Fleet', dispatchedAt: '2031-01-02T09:15:00.000Z', acceptedAt: null };
      await tasks.update({ ...soon, status: 'dispatched', dispatch, version: 2 }, 1, []);
      expect(await due()).not.toContain(soon.id);
    });

    it('finds the cancelled tasks owed a call-off since a time or earlier, longest owed first, until told', async () => {
      const owed = (since: string | null) =>
        newTask({
          status: 'cancelled',
          dispatch: {
            fleetId: 3,
            fleetName: 'Courier',
            dispatchedAt: '2031-02-01T09:00:00.000Z',
            acceptedAt: '2031-02-01T09:00:01.000Z',
            ...(since && { callOffOwedSince: since }),
          },
        });
      const [later, earlier, recent, told] = [
        owed('2031-02-01T09:05:00.000Z'),
        owed('2031-02-01T09:01:00.000Z'),
        owed('2031-02-01T09:30:00.000Z'),
        owed(null),
      ];
      for (const task of [later, earlier, recent, told]) await tasks.create(task, []);
      const mine = new Set([later, earlier, recent, told].map((t) => t.id));
      const found = async () =>
        (await tasks.findCallOffsOwed(new Date('2031-02-01T09:10:00.000Z'), 100)).map((t) => t.id).filter((id) => mine.has(id));
      expect(await found()).toEqual([earlier.id, later.id]);
      const { callOffOwedSince: _told, ...dispatch } = earlier.dispatch!;
      await tasks.update({ ...earlier, dispatch, version: 2 }, 1, []);
      expect(await found()).toEqual([later.id]);
      expect((await tasks.findById(earlier.accountId, earlier.id))!.dispatch).toEqual(dispatch);
    });

    it('finds the tasks a fleet has in hand, first dispatched first, and nothing of other fleets or accounts', async () => {
      const accountId = `acc_${unique()}`;
      const withFleet = (fleetId: number, status: Task['status'], dispatchedAt: string, pickedUp = false) =>
        newTask({
          accountId,
          status,
          dispatch: { fleetId, fleetName: `Fleet ${fleetId}`, dispatchedAt, acceptedAt: null },
          wayPoints: aTask().wayPoints.map((w) => (w.type === 'pickup' && pickedUp ? { ...w, completedAt: dispatchedAt } : w)),
        });
      const second = withFleet(1, 'en_route_to_dropoff', '2031-01-01T10:05:00.000Z', true);
      const first = withFleet(1, 'dispatched', '2031-01-01T10:00:00.000Z');
      const toReturn = withFleet(1, 'failed', '2031-01-01T10:10:00.000Z', true);
      for (const task of [
        second,
        first,
        toReturn,
        withFleet(1, 'failed', '2031-01-01T09:00:00.000Z'),
        withFleet(1, 'delivered', '2031-01-01T09:00:00.000Z', true),
        withFleet(1, 'cancelled', '2031-01-01T09:00:00.000Z'),
        withFleet(2, 'dispatched', '2031-01-01T09:00:00.000Z'),
        { ...withFleet(1, 'dispatched', '2031-01-01T09:00:00.000Z'), accountId: `acc_${unique()}` },
      ]) {
        await tasks.create(task, []);
      }
      const all = { after: null, limit: 100 };
      const ids = async (page: Parameters<typeof tasks.findWithFleet>[2]) =>
        (await tasks.findWithFleet(accountId, 1, page)).map((t) => t.id);
      expect(await ids(all)).toEqual([first.id, second.id, toReturn.id]);
      // A page at a time: after a task's position come the ones dispatched later, or at the same time with a greater id.
      expect(await ids({ after: null, limit: 2 })).toEqual([first.id, second.id]);
      expect(await ids({ after: { dispatchedAt: second.dispatch!.dispatchedAt, taskId: second.id }, limit: 2 })).toEqual([toReturn.id]);
      const twin = withFleet(1, 'dispatched', second.dispatch!.dispatchedAt);
      await tasks.create(twin, []);
      const [before, after] = [second, twin].sort((a, b) => a.id.localeCompare(b.id));
      expect(await ids({ after: { dispatchedAt: second.dispatch!.dispatchedAt, taskId: before!.id }, limit: 5 })).toEqual([
        after!.id,
        toReturn.id,
      ]);
      await tasks.update({ ...twin, status: 'cancelled', version: 2 }, 1, []);

      await tasks.update({ ...second, status: 'delivered', version: 2 }, 1, []);
      expect(await ids(all)).toEqual([first.id, toReturn.id]);
    });
  });
}
