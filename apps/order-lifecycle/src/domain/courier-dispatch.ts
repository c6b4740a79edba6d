import type { Fleet } from '@delivery/accounts';
import type { CourierReport } from '@delivery/couriers';
import type { OrderTopicEvent } from '@delivery/contracts';
import type { Couriers } from '../ports/couriers';
import type { CourierJobOutcome, CourierLanes } from '../lanes/courier-lanes';
import { reportFromFleet, type FleetReportDeps } from './fleet-reports';
import type { Task } from './task';

export interface CourierDeps extends FleetReportDeps {
  couriers: Couriers;
  /** Every call to a network goes through its fleet's lane. */
  lanes: CourierLanes;
  /** This process, as it names itself in the hand-over claims it makes. */
  claimant: string;
  logger: Pick<Console, 'error'>;
}

/**
 * How long a hand-over claim holds: longer than any one call to a network (each is bounded
 * by its fleet's timeout and the token URL's), renewed at each try; a claim left by a
 * process that stopped lapses after it, and another takes the task over.
 */
export const HAND_OVER_CLAIM_MS = 60_000;

/** One lane per fleet of an account. */
export const laneOf = (accountId: string, fleetId: number) => `${accountId}:${fleetId}`;

const fleetOf = async (deps: CourierDeps, accountId: string, fleetId: number | undefined): Promise<Fleet | null> =>
  fleetId === undefined ? null : deps.fleets.getFleet(accountId, fleetId);

/** The courier's word on a task, applied as any fleet's report (order-lifecycle's own fleet API). */
export const reportCourier = (
  deps: CourierDeps,
  task: Task,
  fleetId: number,
  action: { kind: 'advance'; report: CourierReport } | { kind: 'reject'; reason: string },
) =>
  reportFromFleet(
    { accountId: task.accountId, fleetId, taskId: task.id, correlationId: `courier:${task.id}`, causationId: null, action },
    deps,
  );

/**
 * A task dispatched to a courier network: handed over there, and accepted (or given up)
 * with its answer. An outage is tried again by its lane until the task moves on (the
 * assignment timeout passes it to the next fleet).
 */
async function handOver(deps: CourierDeps, accountId: string, taskId: string, fleetId: number): Promise<CourierJobOutcome> {
  const fleet = await fleetOf(deps, accountId, fleetId);
  if (!fleet || !deps.couriers.serves(fleet)) return 'done';
  const task = await claimHandOver(deps, accountId, taskId, fleetId);
  if (!task) return 'done';
  const answer = await deps.couriers.dispatch(fleet, task);
  if (!answer.ok && answer.retryable) {
    deps.logger.error(`handing task ${task.id} to ${fleet.name} failed, will retry: ${answer.reason}`);
    return 'retry';
  }
  await reportCourier(
    deps,
    task,
    fleetId,
    answer.ok ? { kind: 'advance', report: answer.report } : { kind: 'reject', reason: answer.reason },
  );
  return 'done';
}

/**
 * Claims the task's hand-over for this process by compare-and-set, so that one process at a
 * time calls the network for it, whatever replicas, redelivered events or sweeps ask: the
 * task as claimed, or null when it needs no hand-over (taken already, moved on) or another
 * process's claim holds.
 */
async function claimHandOver(deps: CourierDeps, accountId: string, taskId: string, fleetId: number): Promise<Task | null> {
  const now = deps.clock.now();
  const claim = { by: deps.claimant, until: new Date(now.getTime() + HAND_OVER_CLAIM_MS).toISOString() };
  let claimed: Task | null = null;
  await changeTask(deps, accountId, taskId, (task) => {
    claimed = null;
    const dispatch = task.dispatch;
    if (task.status !== 'dispatched' || dispatch?.fleetId !== fleetId || dispatch.acceptedAt) return null;
    const held = dispatch.handOverClaim;
    if (held && held.by !== deps.claimant && held.until > now.toISOString()) return null;
    claimed = { ...task, dispatch: { ...dispatch, handOverClaim: claim }, version: task.version + 1 };
    return claimed;
  });
  return claimed;
}

/** A call-off tried this long is given up, logged: the network has long let the delivery go or run it. */
const CALL_OFF_PATIENCE_MS = 24 * 60 * 60_000;

/** Applies `change` to the stored task, again on the newer one while another write moves it on; null when the change has nothing to do. */
async function changeTask(deps: CourierDeps, accountId: string, taskId: string, change: (task: Task) => Task | null): Promise<void> {
  for (let tries = 0; tries < 5; tries += 1) {
    const task = await deps.tasks.findById(accountId, taskId);
    const next = task && change(task);
    if (!task || !next || (await deps.tasks.update(next, task.version, []))) return;
  }
  throw new Error(`task ${taskId} kept changing while its call-off was noted`);
}

/** The task no longer owes its network a call-off: told (or given up) at `at`. */
const calledOff =
  (at: string) =>
  (task: Task): Task | null => {
    if (!task.dispatch?.callOffOwedSince) return null;
    const dispatch = { ...task.dispatch, calledOffAt: at };
    delete dispatch.callOffOwedSince;
    return { ...task, dispatch, version: task.version + 1 };
  };

/**
 * A cancelled order whose task a courier network had: the network is told, so no courier
 * drives for it; then the task owes it no more.
 */
async function callOff(deps: CourierDeps, fleet: Fleet, accountId: string, taskId: string): Promise<CourierJobOutcome> {
  const task = await deps.tasks.findById(accountId, taskId);
  const owedSince = task?.dispatch?.callOffOwedSince;
  if (!task || !owedSince) return 'done';
  if (deps.clock.now().getTime() - Date.parse(owedSince) > CALL_OFF_PATIENCE_MS) {
    deps.logger.error(`cancelling task ${task.id} at ${fleet.name} given up: tried since ${owedSince}`);
  } else {
    const answer = await deps.couriers.cancel(fleet, task);
    if (!answer.ok && answer.retryable) {
      deps.logger.error(`cancelling task ${task.id} at ${fleet.name} failed, will retry: ${answer.reason}`);
      return 'retry';
    }
    if (!answer.ok) deps.logger.error(`cancelling task ${task.id} at ${fleet.name} failed: ${answer.reason}`);
  }
  await settleCallOff(deps, accountId, taskId);
  return 'done';
}

/** The task owes its network no call-off: told, given up, or its fleet no network's any more. */
export const settleCallOff = (deps: CourierDeps, accountId: string, taskId: string) =>
  changeTask(deps, accountId, taskId, calledOff(deps.clock.now().toISOString()));

/** Queues the task's call-off on its fleet's lane; resolves once it is done or given up. */
export const queueCallOff = (deps: CourierDeps, fleet: Fleet, taskId: string) =>
  deps.lanes.submit(laneOf(fleet.accountId, fleet.id), {
    taskId,
    kind: 'call-off',
    run: () => callOff(deps, fleet, fleet.accountId, taskId),
  });

/** Queues the task's hand-over on its fleet's lane; resolves once it is done or given up. */
export const queueHandOver = (deps: CourierDeps, accountId: string, taskId: string, fleetId: number) =>
  deps.lanes.submit(laneOf(accountId, fleetId), { taskId, kind: 'hand-over', run: () => handOver(deps, accountId, taskId, fleetId) });

/**
 * An order event, as it concerns a courier network: a dispatch to hand over, a cancellation to
 * pass on, each queued on the fleet's lane, so the bus's consumer never waits on a network.
 */
export async function courierWorkOf(event: OrderTopicEvent, deps: CourierDeps): Promise<void> {
  const { accountId, subject: taskId } = event;
  if (event.type === 'TaskDispatched') {
    void queueHandOver(deps, accountId, taskId, event.data.fleetId);
  } else if (event.type === 'OrderCancelled') {
    const task = await deps.tasks.findById(accountId, taskId);
    const fleet = await fleetOf(deps, accountId, task?.dispatch?.fleetId);
    if (!task || !fleet || !deps.couriers.serves(fleet)) return;
    // Noted on the task before the event is done with: a process stopping before the call leaves it to the courier sweep.
    // A redelivered event finds it owed or told already.
    const since = deps.clock.now().toISOString();
    await changeTask(deps, accountId, taskId, (stored) =>
      stored.dispatch && !stored.dispatch.callOffOwedSince && !stored.dispatch.calledOffAt
        ? { ...stored, dispatch: { ...stored.dispatch, callOffOwedSince: since }, version: stored.version + 1 }
        : null,
    );
    void queueCallOff(deps, fleet, taskId);
  }
}
