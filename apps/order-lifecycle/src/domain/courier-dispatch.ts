import type { Fleet } from '@delivery/accounts';
import type { CourierReport } from '@delivery/couriers';
import type { IncomingMessage } from '@delivery/event-bus';
import type { Couriers } from '../ports/couriers';
import { reportFromFleet, type FleetReportDeps } from './fleet-reports';
import type { Task } from './task';

export interface CourierDeps extends FleetReportDeps {
  couriers: Couriers;
  logger: Pick<Console, 'error'>;
}

/** A courier network's failure worth trying again: the bus redelivers the event (and in the end the assignment timeout passes the task on). */
export class CourierUnavailable extends Error {}

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

/** A task dispatched to a courier network: handed over there, and accepted (or given up) with its answer. */
async function handOver(deps: CourierDeps, accountId: string, taskId: string, fleetId: number): Promise<void> {
  const fleet = await fleetOf(deps, accountId, fleetId);
  if (!fleet || !deps.couriers.serves(fleet)) return;
  const task = await deps.tasks.findById(accountId, taskId);
  // Taken already (a redelivered event), or moved on since.
  if (!task || task.status !== 'dispatched' || task.dispatch?.fleetId !== fleetId || task.dispatch.acceptedAt) return;
  const answer = await deps.couriers.dispatch(fleet, task);
  if (!answer.ok && answer.retryable) throw new CourierUnavailable(`${fleet.name}: ${answer.reason}`);
  await reportCourier(
    deps,
    task,
    fleetId,
    answer.ok ? { kind: 'advance', report: answer.report } : { kind: 'reject', reason: answer.reason },
  );
}

/** A cancelled order whose task a courier network had: the network is told, so no courier drives for it. */
async function callOff(deps: CourierDeps, accountId: string, taskId: string): Promise<void> {
  const task = await deps.tasks.findById(accountId, taskId);
  const fleet = await fleetOf(deps, accountId, task?.dispatch?.fleetId);
  if (!task || !fleet || !deps.couriers.serves(fleet)) return;
  const answer = await deps.couriers.cancel(fleet, task);
  if (!answer.ok && answer.retryable) throw new CourierUnavailable(`${fleet.name}: ${answer.reason}`);
  if (!answer.ok) deps.logger.error(`cancelling task ${task.id} at ${fleet.name} failed: ${answer.reason}`);
}

/** The order events that concern a courier network: a dispatch to hand over, a cancellation to pass on. */
export async function takeCourierEvent(message: IncomingMessage, deps: CourierDeps): Promise<void> {
  let event: { type?: unknown; accountId?: unknown; subject?: unknown; data?: { fleetId?: unknown } };
  try {
    event = JSON.parse(message.value);
  } catch {
    return;
  }
  if (typeof event.accountId !== 'string' || typeof event.subject !== 'string') return;
  if (event.type === 'TaskDispatched' && typeof event.data?.fleetId === 'number') {
    await handOver(deps, event.accountId, event.subject, event.data.fleetId);
  } else if (event.type === 'OrderCancelled') {
    await callOff(deps, event.accountId, event.subject);
  }
}
