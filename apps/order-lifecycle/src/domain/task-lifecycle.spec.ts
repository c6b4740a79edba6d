import { TASK_STATUSES } from '@delivery/contracts';
import { aTask } from '../testing/task.fixture';
import type { Task, TaskStatus } from './task';
import {
  applyFleetAction,
  assignmentTimedOut,
  dispatchTo,
  requireState,
  TRANSITIONS,
  type FleetAction,
  type Trigger,
} from './task-lifecycle';

const AT = '2026-11-22T10:00:00.000Z';
const OWN = { id: 1, name: 'Own Fleet' };
const OTHER = { id: 2, name: 'Other Fleet' };
const DRIVER = { name: 'Grace Hopper', phone: '+15550123', vehicle: 'Van 7' };
const POD = { recipientName: 'Ada', signatureUrl: null, photoUrl: 'https://pod.example/1.jpg', note: 'At the door' };

/** A task of the fleet, in a given state (way point reports as that state implies). */
function inState(status: TaskStatus, overrides: Partial<Task> = {}): Task {
  const base = aTask({ status, dispatch: { fleetId: OWN.id, fleetName: OWN.name, dispatchedAt: AT, acceptedAt: null }, ...overrides });
  const pickedUp = ['picked_up', 'en_route_to_dropoff', 'at_dropoff', 'delivered', 'returned'].includes(status);
  return {
    ...base,
    driver: ['dispatched', 'created', 'confirmed', 'reserved', 'released'].includes(status)
      ? null
      : { ...DRIVER, assignedAt: AT, location: null },
    wayPoints: base.wayPoints.map((w) => (w.type === 'pickup' && pickedUp ? { ...w, arrivedAt: AT, completedAt: AT } : w)),
  };
}

/** Runs a fleet's whole delivery from dispatch, returning every event type in order. */
function deliver(task: Task, steps: FleetAction[]) {
  const types: string[] = [];
  let current = task;
  for (const step of steps) {
    const result = applyFleetAction(current, step, AT);
    types.push(...result.events.map((e) => e.type));
    current = result.task;
  }
  return { task: current, types };
}

const NO_EVIDENCE = { pin: null, idChecked: false, recipientBirthDate: null, barcodes: [] };

const HAPPY_PATH: FleetAction[] = [
  { kind: 'accept' },
  { kind: 'assignDriver', driver: DRIVER },
  { kind: 'start' },
  { kind: 'arrive', wayPointId: 'wp_pickup' },
  { kind: 'complete', wayPointId: 'wp_pickup', proof: null, evidence: NO_EVIDENCE },
  { kind: 'start' },
  { kind: 'arrive', wayPointId: 'wp_dropoff' },
  { kind: 'complete', wayPointId: 'wp_dropoff', proof: POD, evidence: NO_EVIDENCE },
];

describe('the task lifecycle', () => {
  it('takes a dispatched task through every step to delivered, announcing each', () => {
    const dispatched = dispatchTo(aTask(), OWN, AT);
    expect(dispatched.task).toMatchObject({ status: 'dispatched', dispatch: { fleetId: 1, fleetName: 'Own Fleet', acceptedAt: null } });
    expect(dispatched.events.map((e) => e.type)).toEqual(['TaskDispatched']);

    const { task, types } = deliver(dispatched.task, HAPPY_PATH);
    expect(types).toEqual([
      'DispatchAccepted',
      'DriverAssigned',
      'TaskStarted',
      'WayPointArrived',
      'WayPointCompleted',
      'TaskStarted',
      'WayPointArrived',
      'WayPointCompleted',
      'TaskDelivered',
    ]);
    expect(task.status).toBe('delivered');
    expect(task.driver).toMatchObject(DRIVER);
    expect(task.wayPoints[1]).toMatchObject({ arrivedAt: AT, completedAt: AT, proofOfDelivery: POD });
    expect(task.version).toBe(dispatched.task.version + HAPPY_PATH.length);
  });

  it('passes through the states of the table, in order', () => {
    const statuses: TaskStatus[] = [];
    let current = dispatchTo(aTask(), OWN, AT).task;
    for (const step of HAPPY_PATH) {
      current = applyFleetAction(current, step, AT).task;
      statuses.push(current.status);
    }
    expect(statuses).toEqual([
      'dispatched',
      'assigned',
      'en_route_to_pickup',
      'at_pickup',
      'picked_up',
      'en_route_to_dropoff',
      'at_dropoff',
      'delivered',
    ]);
  });

  it('answers a repeated report unchanged, with no event: a fleet may retry any call', () => {
    let current = dispatchTo(aTask(), OWN, AT).task;
    for (const step of HAPPY_PATH) {
      current = applyFleetAction(current, step, AT).task;
      const again = applyFleetAction(current, step, AT);
      expect({ step: step.kind, changed: again.changed, events: again.events }).toEqual({ step: step.kind, changed: false, events: [] });
      expect(again.task).toBe(current);
    }
  });

  it('lets a stop be completed without "arrived" first: the driver was there', () => {
    const { task, types } = deliver(inState('en_route_to_dropoff'), [
      { kind: 'complete', wayPointId: 'wp_dropoff', proof: null, evidence: NO_EVIDENCE },
    ]);
    expect(types).toEqual(['WayPointCompleted', 'TaskDelivered']);
    expect(task.wayPoints[1]).toMatchObject({ arrivedAt: AT, completedAt: AT });
  });

  it('reassigns a driver before pickup, keeping the state', () => {
    const result = applyFleetAction(inState('en_route_to_pickup'), { kind: 'assignDriver', driver: { ...DRIVER, name: 'Linus' } }, AT);
    expect(result.task).toMatchObject({ status: 'en_route_to_pickup', driver: { name: 'Linus' } });
    expect(result.events.map((e) => e.type)).toEqual(['DriverAssigned']);
  });

  it("gives a task to the first of the app's drivers who takes it, keeps their id out of the event, and refuses another driver of the app", () => {
    const ada = { ...DRIVER, name: 'Ada', driverId: 'drv_ada' };
    const taken = applyFleetAction(inState('dispatched'), { kind: 'assignDriver', driver: ada }, AT);
    expect(taken.task).toMatchObject({ status: 'assigned', driver: { name: 'Ada', driverId: 'drv_ada' } });
    expect(taken.events).toEqual([
      { type: 'DriverAssigned', data: { driver: { name: 'Ada', phone: DRIVER.phone, vehicle: DRIVER.vehicle } } },
    ]);
    expect(applyFleetAction(taken.task, { kind: 'assignDriver', driver: ada }, AT).changed).toBe(false);
    const grace = { ...DRIVER, driverId: 'drv_grace' };
    expect(() => applyFleetAction(taken.task, { kind: 'assignDriver', driver: grace }, AT)).toThrow(/taken by another driver/);
    // The fleet's own system may still name another driver: only the app's drivers take from each other.
    expect(applyFleetAction(taken.task, { kind: 'assignDriver', driver: DRIVER }, AT).task.driver).toMatchObject({ name: DRIVER.name });
  });

  it('fails at a way point, and returns a parcel that was picked up along the return leg', () => {
    const failed = applyFleetAction(
      inState('at_dropoff'),
      { kind: 'fail', code: 'recipient_unavailable', wayPointId: 'wp_dropoff', reason: 'nobody home' },
      AT,
    );
    expect(failed.task.status).toBe('failed');
    expect(failed.events.map((e) => e.type)).toEqual(['WayPointFailed', 'TaskFailed', 'ReturnStarted']);
    const returned = applyFleetAction(failed.task, { kind: 'return' }, AT);
    expect(returned.task).toMatchObject({ status: 'returned', followUp: { kind: 'return', startedAt: AT, completedAt: AT } });
    expect(returned.events.map((e) => e.type)).toEqual(['TaskReturned']);

    const failedAtPickup = applyFleetAction(
      inState('at_pickup'),
      { kind: 'fail', code: 'recipient_unavailable', wayPointId: 'wp_pickup', reason: 'store closed' },
      AT,
    ).task;
    expect(() => applyFleetAction(failedAtPickup, { kind: 'return' }, AT)).toThrow(/no parcel to return/);
  });

  it('sends a rejected task to the fallback fleet in the same change, or fails it when there is none', () => {
    const toFallback = applyFleetAction(inState('dispatched'), { kind: 'reject', reason: 'no vans' }, AT, OTHER);
    expect(toFallback.task).toMatchObject({ status: 'dispatched', dispatch: { fleetId: 2 }, rejectedFleetIds: [1] });
    expect(toFallback.events.map((e) => e.type)).toEqual(['DispatchRejected', 'TaskDispatched']);

    const nowhere = applyFleetAction(inState('dispatched'), { kind: 'reject', reason: 'no vans' }, AT, null);
    expect(nowhere.task).toMatchObject({ status: 'failed', rejectedFleetIds: [1] });
    expect(nowhere.events.map((e) => e.type)).toEqual(['DispatchRejected', 'TaskFailed']);
  });

  it("marks the refusing fleet's entry in the task's dispatch decision with its reason; a task without one gets none", () => {
    const entry = (fleetId: number, outcome: 'chosen' | 'fallback') => ({
      fleetId,
      fleetName: `Fleet ${fleetId}`,
      fee: 500,
      currencyCode: 'USD',
      pickupWindow: null,
      dropoffWindow: null,
      outcome,
      reason: 'ranked',
    });
    const decided = {
      ...inState('dispatched'),
      dispatchDecision: { strategy: 'cheapest' as const, decidedAt: AT, candidates: [entry(1, 'chosen'), entry(2, 'fallback')] },
    };
    const refused = applyFleetAction(
      decided,
      { kind: 'reject', reason: "Uber's token URL: answered HTTP 401 (invalid_client): our credentials are refused" },
      AT,
      OTHER,
    );
    expect(refused.task.dispatchDecision!.candidates).toEqual([
      {
        ...entry(1, 'chosen'),
        outcome: 'rejected',
        reason: "it refused the delivery: Uber's token URL: answered HTTP 401 (invalid_client): our credentials are refused",
      },
      entry(2, 'fallback'),
    ]);
    const undecided = applyFleetAction(inState('dispatched'), { kind: 'reject', reason: 'no vans' }, AT, OTHER).task;
    expect(undecided).not.toHaveProperty('dispatchDecision');
    // Either way the task keeps which fleet gave it back, and why.
    expect(undecided.rejections).toEqual([{ fleetId: 1, fleetName: inState('dispatched').dispatch!.fleetName, reason: 'no vans', at: AT }]);
    expect(refused.task.rejections).toHaveLength(1);
  });

  it('reports a fleet that named no driver in time, and sends the task to the fallback in the same change', () => {
    const moved = assignmentTimedOut(inState('dispatched'), OTHER, AT);
    expect(moved.task).toMatchObject({
      status: 'dispatched',
      dispatch: { fleetId: 2 },
      rejectedFleetIds: [1],
      rejections: [{ fleetId: 1, reason: 'it named no driver in time', at: AT }],
    });
    expect(moved.events).toEqual([
      { type: 'DispatchTimedOut', data: { fleetId: 1, redispatched: true } },
      { type: 'TaskDispatched', data: { fleetId: 2, fleetName: 'Other Fleet' } },
    ]);
    const stays = assignmentTimedOut(inState('dispatched'), null, AT);
    expect(stays.task).toMatchObject({ status: 'dispatched', dispatch: { fleetId: 1, timedOutAt: AT } });
    expect(stays.events.map((e) => e.type)).toEqual(['DispatchTimedOut']);
  });

  it('announces only a changed ETA; a position alone is written without an event', () => {
    const eta = '2026-11-22T10:30:00.000Z';
    const first = applyFleetAction(
      inState('en_route_to_pickup'),
      { kind: 'updateLocation', location: null, etas: [{ wayPointId: 'wp_pickup', eta }] },
      AT,
    );
    expect(first.events).toEqual([{ type: 'TaskEtaUpdated', data: { etas: [{ wayPointId: 'wp_pickup', eta }] } }]);
    const sameEta = applyFleetAction(first.task, { kind: 'updateLocation', location: null, etas: [{ wayPointId: 'wp_pickup', eta }] }, AT);
    expect(sameEta.changed).toBe(false);
    const moved = applyFleetAction(first.task, { kind: 'updateLocation', location: { lat: 39.78, lng: -89.65 }, etas: [] }, AT);
    expect(moved).toMatchObject({ changed: true, events: [], task: { driver: { location: { lat: 39.78, lng: -89.65, at: AT } } } });
  });

  it('refuses an unknown way point', () => {
    expect(() => applyFleetAction(inState('assigned'), { kind: 'arrive', wayPointId: 'wp_nowhere' }, AT)).toThrow(
      expect.objectContaining({ code: 'WAY_POINT_NOT_FOUND' }),
    );
  });

  describe('every illegal transition is refused with ILLEGAL_TRANSITION', () => {
    const cases = (Object.keys(TRANSITIONS) as Trigger[]).flatMap((trigger) =>
      TASK_STATUSES.filter((status) => !(TRANSITIONS[trigger] as readonly string[]).includes(status)).map(
        (status) => [trigger, status] as const,
      ),
    );

    it.each(cases)('%s from %s', (trigger, status) => {
      expect(() => requireState(inState(status), trigger)).toThrow(expect.objectContaining({ code: 'ILLEGAL_TRANSITION' }));
    });

    it('cancelling a delivered order says why', () => {
      expect(() => requireState(inState('delivered'), 'cancel')).toThrow(/a delivered order cannot be cancelled/);
      expect(() => requireState(inState('en_route_to_dropoff'), 'cancel')).toThrow(/already picked up/);
    });

    it('fleet reports go through the same table', () => {
      expect(() => applyFleetAction(inState('dispatched'), { kind: 'arrive', wayPointId: 'wp_pickup' }, AT)).toThrow(
        /Task tsk_\w+ is dispatched: arrivePickup is not possible/,
      );
      expect(() => applyFleetAction(inState('cancelled'), { kind: 'assignDriver', driver: DRIVER }, AT)).toThrow(/is cancelled/);
      expect(() =>
        applyFleetAction(inState('assigned'), { kind: 'complete', wayPointId: 'wp_dropoff', proof: null, evidence: NO_EVIDENCE }, AT),
      ).toThrow(/completeDropoff is not possible/);
    });
  });
});
