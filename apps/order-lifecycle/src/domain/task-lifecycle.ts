import { AFTER_PICKUP, BEFORE_PICKUP, DomainError, UNDER_WAY, type FailureCode } from '@delivery/contracts';
import { DEFAULT_FAILED_DROPOFF_POLICY, type FailedDropoffPolicy } from '@delivery/accounts';
import { provenDropoff, requireOwnMedia, wrongPin } from './delivery-proof';
import { withRejection } from './dispatch-decision';
import { afterFailedDropoff } from './failed-dropoff';
import type { LifecycleEvent } from './lifecycle-event';
import type { CompletionEvidence, Driver, ProofOfDelivery, Task, TaskStatus, WayPoint } from './task';

/**
 * The task's state machine (docs/decisions.md, "The task lifecycle"): which trigger moves
 * a task from which states to which, and what it announces. Every trigger is checked
 * against `TRANSITIONS` (`requireState`), so an illegal one is refused in one place, and
 * a repeated fleet report (a retry) changes nothing and announces nothing.
 */

/** What a fleet does to a task dispatched to it (the fleet API). */
export type FleetAction =
  | { kind: 'accept' }
  | { kind: 'reject'; reason: string }
  | { kind: 'assignDriver'; driver: Pick<Driver, 'name' | 'phone' | 'vehicle' | 'driverId'>; byDispatcher?: boolean }
  | { kind: 'start' }
  | { kind: 'arrive'; wayPointId: string }
  | { kind: 'complete'; wayPointId: string; proof: ProofOfDelivery | null; evidence: CompletionEvidence | null }
  | { kind: 'fail'; wayPointId: string; reason: string; code: FailureCode; policy?: FailedDropoffPolicy }
  | { kind: 'return' }
  | { kind: 'updateLocation'; location: { lat: number; lng: number } | null; etas: { wayPointId: string; eta: string }[] };

export interface TransitionResult {
  task: Task;
  events: LifecycleEvent[];
  /** False when the task was already where the trigger would take it (a retry). */
  changed: boolean;
  /** Kept, and then answered as this refusal: a wrong PIN is recorded, and the completion still refused. */
  refusal?: DomainError;
}

/** The states in which a fleet has the task in hand: from its dispatch until it ends. */
export const WITH_FLEET: readonly TaskStatus[] = ['dispatched', ...UNDER_WAY];
const pickedUp = (task: Task) => task.wayPoints.some((w) => w.type === 'pickup' && w.completedAt);
/** A failed task whose parcel was picked up stays with its fleet until returned. */
export const isWithFleet = (task: Task) => WITH_FLEET.includes(task.status) || (task.status === 'failed' && pickedUp(task));

/** The table: for each trigger, the states it may start from. Targets and events are in `dispatchTo`, `applyFleetAction` and `assignmentTimedOut` below. */
export const TRANSITIONS = {
  dispatch: ['created', 'confirmed'],
  accept: ['dispatched', ...BEFORE_PICKUP],
  // Before pick-up a fleet may still give the task up (a courier network cancelling its delivery).
  reject: ['dispatched', ...BEFORE_PICKUP],
  assignDriver: ['dispatched', ...BEFORE_PICKUP],
  start: ['assigned', 'picked_up'],
  arrivePickup: ['assigned', 'en_route_to_pickup'],
  completePickup: BEFORE_PICKUP,
  arriveDropoff: ['picked_up', 'en_route_to_dropoff'],
  completeDropoff: AFTER_PICKUP,
  failPickup: BEFORE_PICKUP,
  failDropoff: AFTER_PICKUP,
  return: ['failed'],
  updateLocation: [...BEFORE_PICKUP, ...AFTER_PICKUP],
  assignmentTimeout: ['dispatched'],
  cancel: ['created', 'reserved', 'confirmed', 'released', 'dispatched', 'assigned', 'en_route_to_pickup', 'at_pickup'],
} as const satisfies Record<string, readonly TaskStatus[]>;
export type Trigger = keyof typeof TRANSITIONS;

/** Why a trigger cannot apply now, in words a caller or a fleet can act on. */
function refusal(task: Task, trigger: Trigger): DomainError {
  const reason =
    trigger === 'cancel' && task.status === 'delivered'
      ? 'it was delivered; a delivered order cannot be cancelled'
      : trigger === 'cancel' && (AFTER_PICKUP as readonly string[]).includes(task.status)
        ? 'the parcel is already picked up; the fleet delivers it or fails the drop-off and returns it'
        : `${trigger} is not possible when the task is ${task.status}`;
  return new DomainError('ILLEGAL_TRANSITION', `Task ${task.id} is ${task.status}: ${reason}`);
}

export function requireState(task: Task, trigger: Trigger): void {
  if (!(TRANSITIONS[trigger] as readonly TaskStatus[]).includes(task.status)) throw refusal(task, trigger);
}

const unchanged = (task: Task): TransitionResult => ({ task, events: [], changed: false });

/** The task's fleet gives it back: not to be sent there again, and why. */
const givenBack = (task: Task, reason: string, at: string): Pick<Task, 'rejectedFleetIds' | 'rejections'> => {
  const { fleetId, fleetName } = task.dispatch!;
  return {
    rejectedFleetIds: [...(task.rejectedFleetIds ?? []), fleetId],
    rejections: [...(task.rejections ?? []), { fleetId, fleetName, reason, at }],
  };
};

function moved(task: Task, at: string, changes: Partial<Task>, events: LifecycleEvent[]): TransitionResult {
  return { task: { ...task, ...changes, updatedAt: at, version: task.version + 1 }, events, changed: true };
}

function wayPointOf(task: Task, wayPointId: string): WayPoint {
  const wayPoint = task.wayPoints.find((w) => w.id === wayPointId);
  if (!wayPoint) throw new DomainError('WAY_POINT_NOT_FOUND', `Task ${task.id} has no way point ${wayPointId}`);
  return wayPoint;
}

const withWayPoint = (task: Task, wayPointId: string, change: Partial<WayPoint>) =>
  task.wayPoints.map((w) => (w.id === wayPointId ? { ...w, ...change } : w));

const sameDriver = (a: Driver | null | undefined, b: Pick<Driver, 'name' | 'phone' | 'vehicle' | 'driverId'>) =>
  a != null && a.name === b.name && a.phone === b.phone && a.vehicle === b.vehicle && (a.driverId ?? null) === (b.driverId ?? null);

/** A fleet a task can be sent to. */
export interface Fleet {
  id: number;
  name: string;
}

const newDispatch = (fleet: Fleet, at: string) => ({ fleetId: fleet.id, fleetName: fleet.name, dispatchedAt: at, acceptedAt: null });

/** Sends the task to a fleet (a Same-Day order at once, a confirmed reservation at its lead time). */
export function dispatchTo(task: Task, fleet: Fleet, at: string): TransitionResult {
  requireState(task, 'dispatch');
  return moved(task, at, { status: 'dispatched', dispatch: newDispatch(fleet, at) }, [
    { type: 'TaskDispatched', data: { fleetId: fleet.id, fleetName: fleet.name } },
  ]);
}

/**
 * The fleet named no driver in time: reported, and the task goes to `fallback` (the
 * account's next fleet for it) in the same change; without one it stays with its fleet,
 * reported once.
 */
export function assignmentTimedOut(task: Task, fallback: Fleet | null, at: string): TransitionResult {
  requireState(task, 'assignmentTimeout');
  const fleetId = task.dispatch!.fleetId;
  const timedOut: LifecycleEvent = { type: 'DispatchTimedOut', data: { fleetId, redispatched: fallback !== null } };
  if (!fallback) return moved(task, at, { dispatch: { ...task.dispatch!, timedOutAt: at } }, [timedOut]);
  return moved(task, at, { dispatch: newDispatch(fallback, at), ...givenBack(task, 'it named no driver in time', at) }, [
    timedOut,
    { type: 'TaskDispatched', data: { fleetId: fallback.id, fleetName: fallback.name } },
  ]);
}

/**
 * Applies a fleet's report to its task; a report that already took effect is answered
 * unchanged. A rejected task goes to `fallback` (the account's next fleet for it) in the
 * same change, or fails when there is none.
 */
export function applyFleetAction(task: Task, action: FleetAction, at: string, fallback: Fleet | null = null): TransitionResult {
  // Every report on a cancelled task is refused, retries included, so the driver learns to stop.
  if (task.status === 'cancelled') throw new DomainError('ILLEGAL_TRANSITION', `Task ${task.id} is cancelled: the order was cancelled`);
  const fleetId = task.dispatch!.fleetId;
  switch (action.kind) {
    case 'accept':
      if (task.dispatch!.acceptedAt) return unchanged(task);
      requireState(task, 'accept');
      return moved(task, at, { dispatch: { ...task.dispatch!, acceptedAt: at } }, [{ type: 'DispatchAccepted', data: { fleetId } }]);
    case 'reject': {
      requireState(task, 'reject');
      const rejected: LifecycleEvent = { type: 'DispatchRejected', data: { fleetId, reason: action.reason } };
      // Get Order says which fleet refused it and why; a decided task's decision too.
      const refused = givenBack(task, action.reason, at);
      const decided = task.dispatchDecision && { dispatchDecision: withRejection(task.dispatchDecision, fleetId, action.reason) };
      if (!fallback) {
        const reason = `no fleet took the task (the last said: ${action.reason})`;
        return moved(task, at, { status: 'failed', ...refused, ...decided }, [rejected, { type: 'TaskFailed', data: { reason } }]);
      }
      return moved(task, at, { status: 'dispatched', ...refused, ...decided, dispatch: newDispatch(fallback, at), driver: null }, [
        rejected,
        { type: 'TaskDispatched', data: { fleetId: fallback.id, fleetName: fallback.name } },
      ]);
    }
    case 'assignDriver': {
      if (sameDriver(task.driver, action.driver)) return unchanged(task);
      requireState(task, 'assignDriver');
      // Offered to every driver of the app on duty: the first to take it has it (the dispatcher may hand it to another).
      if (!action.byDispatcher && action.driver.driverId && task.driver?.driverId && task.driver.driverId !== action.driver.driverId) {
        throw new DomainError('ILLEGAL_TRANSITION', `Task ${task.id} was taken by another driver`);
      }
      const { driverId, ...named } = action.driver;
      const driver: Driver = { ...named, assignedAt: at, location: task.driver?.location ?? null, ...(driverId && { driverId }) };
      const status: TaskStatus = task.status === 'dispatched' ? 'assigned' : task.status;
      return moved(task, at, { status, driver, dispatch: { ...task.dispatch!, acceptedAt: task.dispatch!.acceptedAt ?? at } }, [
        { type: 'DriverAssigned', data: { driver: named } },
      ]);
    }
    case 'start': {
      if (task.status === 'en_route_to_pickup' || task.status === 'en_route_to_dropoff') return unchanged(task);
      requireState(task, 'start');
      const leg = task.status === 'assigned' ? 'pickup' : 'dropoff';
      return moved(task, at, { status: leg === 'pickup' ? 'en_route_to_pickup' : 'en_route_to_dropoff' }, [
        { type: 'TaskStarted', data: { leg } },
      ]);
    }
    case 'arrive': {
      const wayPoint = wayPointOf(task, action.wayPointId);
      if (wayPoint.arrivedAt) return unchanged(task);
      requireState(task, wayPoint.type === 'pickup' ? 'arrivePickup' : 'arriveDropoff');
      return moved(
        task,
        at,
        { status: wayPoint.type === 'pickup' ? 'at_pickup' : 'at_dropoff', wayPoints: withWayPoint(task, wayPoint.id, { arrivedAt: at }) },
        [{ type: 'WayPointArrived', data: { wayPointId: wayPoint.id, wayPointType: wayPoint.type } }],
      );
    }
    case 'complete': {
      const wayPoint = wayPointOf(task, action.wayPointId);
      if (wayPoint.completedAt) return unchanged(task);
      // What the proof names is checked first: another task's upload is refused in any state.
      requireOwnMedia(task, action.proof);
      const pickup = wayPoint.type === 'pickup';
      requireState(task, pickup ? 'completePickup' : 'completeDropoff');
      const wrong = pickup ? null : wrongPin(task, action.evidence);
      if (wrong) {
        const { failures, locked, refusal } = wrong;
        const rejected: LifecycleEvent = { type: 'PinRejected', data: { wayPointId: wayPoint.id, failures, locked } };
        return { ...moved(task, at, { pinFailures: failures }, [rejected]), refusal };
      }
      const proof = pickup ? action.proof : provenDropoff(task, action.proof, action.evidence, at);
      // A driver app may skip "arrived": completing a stop means the driver was there.
      const wayPoints = withWayPoint(task, wayPoint.id, { arrivedAt: wayPoint.arrivedAt ?? at, completedAt: at, proofOfDelivery: proof });
      const completed: LifecycleEvent = {
        type: 'WayPointCompleted',
        data: { wayPointId: wayPoint.id, wayPointType: wayPoint.type, proofOfDelivery: proof },
      };
      return pickup
        ? moved(task, at, { status: 'picked_up', wayPoints }, [completed])
        : moved(task, at, { status: 'delivered', wayPoints }, [completed, { type: 'TaskDelivered', data: {} }]);
    }
    case 'fail': {
      const wayPoint = wayPointOf(task, action.wayPointId);
      if (wayPoint.failure) return unchanged(task);
      requireState(task, wayPoint.type === 'pickup' ? 'failPickup' : 'failDropoff');
      const failure = { reason: action.reason, code: action.code };
      if (wayPoint.type === 'dropoff') {
        const { changes, events } = afterFailedDropoff(task, wayPoint, { ...failure, at }, action.policy ?? DEFAULT_FAILED_DROPOFF_POLICY);
        return moved(task, at, changes, events);
      }
      return moved(task, at, { status: 'failed', wayPoints: withWayPoint(task, wayPoint.id, { failure: { ...failure, at } }) }, [
        {
          type: 'WayPointFailed',
          data: { wayPointId: wayPoint.id, wayPointType: wayPoint.type, reason: failure.reason, reasonCode: failure.code },
        },
        { type: 'TaskFailed', data: { reason: failure.reason, reasonCode: failure.code } },
      ]);
    }
    case 'return': {
      if (task.status === 'returned') return unchanged(task);
      requireState(task, 'return');
      if (!pickedUp(task)) {
        throw new DomainError('ILLEGAL_TRANSITION', `Task ${task.id} failed before its pickup: there is no parcel to return`);
      }
      const followUp = task.followUp?.kind === 'return' ? { ...task.followUp, completedAt: at } : task.followUp;
      return moved(task, at, { status: 'returned', followUp }, [{ type: 'TaskReturned', data: {} }]);
    }
    case 'updateLocation':
      return updateLocation(task, action, at);
  }
}

/** A position and ETAs: no state changes, and only a changed ETA is announced; the same position again is no change. */
function updateLocation(task: Task, action: Extract<FleetAction, { kind: 'updateLocation' }>, at: string): TransitionResult {
  requireState(task, 'updateLocation');
  const changedEtas = action.etas.filter(({ wayPointId, eta }) => wayPointOf(task, wayPointId).eta !== eta);
  const current = task.driver?.location;
  const moves = action.location !== null && (current?.lat !== action.location.lat || current?.lng !== action.location.lng);
  if (!moves && changedEtas.length === 0) return unchanged(task);
  const wayPoints = task.wayPoints.map((w) => ({ ...w, eta: changedEtas.find((e) => e.wayPointId === w.id)?.eta ?? w.eta }));
  const driver = task.driver && moves ? { ...task.driver, location: { ...action.location!, at } } : task.driver;
  const events: LifecycleEvent[] = changedEtas.length > 0 ? [{ type: 'TaskEtaUpdated', data: { etas: changedEtas } }] : [];
  return moved(task, at, { wayPoints, driver }, events);
}
