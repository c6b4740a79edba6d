import { z } from 'zod';
import { DomainError } from '@delivery/contracts';
import type { Clock } from '@delivery/clock';
import { failedDropoffPolicyOf, type Fleets } from '../ports/fleets';
import type { FleetTaskPosition, TaskRepository } from '../ports/task.repository';
import { fleetsFor } from './fleet-choice';
import { isTaskId } from './ids';
import { lifecycleEvents, type Causation } from './order-events';
import type { CourierReport } from '@delivery/couriers';
import { advanceFromCourier } from './courier-progress';
import { applyFleetAction, type FleetAction } from './task-lifecycle';
import type { Task } from './task';

export interface FleetReportDeps {
  tasks: TaskRepository;
  fleets: Fleets;
  clock: Clock;
  eventsCommitted: () => void;
}

export interface FleetReportCommand extends Causation {
  accountId: string;
  fleetId: number;
  /** A task id or a shipment id. */
  taskId: string;
  action: FleetReport;
}

/** A step the fleet took (the fleet API), or where a courier network says the delivery stands. */
export type FleetReport = FleetAction | { kind: 'advance'; report: CourierReport };

const MAX_ATTEMPTS = 5;
const notFound = (id: string) => new DomainError('TASK_NOT_FOUND', `No task found for id ${id}`);

async function find(accountId: string, id: string, tasks: TaskRepository): Promise<Task | null> {
  return isTaskId(id) ? tasks.findById(accountId, id) : tasks.findByShipmentId(accountId, id);
}

/** The tasks a fleet has in hand, first dispatched first. */
/** A fleet reads its tasks a page at a time: a fleet with many in hand never gets one unbounded answer. */
export const FLEET_TASK_PAGE = { defaultLimit: 100, maxLimit: 500 } as const;

const cursorSchema = z.tuple([z.string().max(100), z.string().max(200)]);

const cursorOf = (task: Task) => Buffer.from(JSON.stringify([task.dispatch!.dispatchedAt, task.id])).toString('base64url');

function positionOf(cursor: string): FleetTaskPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const position = cursorSchema.safeParse(parsed);
  if (!position.success) throw new DomainError('VALIDATION_FAILED', 'Invalid request: cursor is not one this list gave');
  return { dispatchedAt: position.data[0], taskId: position.data[1] };
}

/** A page of the tasks a fleet has in hand, first dispatched first, and where the next page starts. */
export async function tasksWithFleet(
  accountId: string,
  fleetId: number,
  page: { cursor: string | null; limit: number },
  { tasks }: { tasks: TaskRepository },
): Promise<{ tasks: Task[]; nextCursor: string | null }> {
  const after = page.cursor ? positionOf(page.cursor) : null;
  const found = await tasks.findWithFleet(accountId, fleetId, { after, limit: page.limit + 1 });
  const shown = found.slice(0, page.limit);
  return { tasks: shown, nextCursor: found.length > page.limit ? cursorOf(shown.at(-1)!) : null };
}

/**
 * A fleet's report on a task dispatched to it (the fleet API). A task dispatched to
 * another fleet, or of another account, is not found, exactly like an unknown id. A
 * report that already took effect (a retry) changes and announces nothing. A rejecting
 * fleet is told nothing more of the task, which goes on to the next fleet.
 */
export async function reportFromFleet(
  command: FleetReportCommand,
  deps: FleetReportDeps,
): Promise<{ task: Task | null; changed: boolean }> {
  const rejecting = command.action.kind === 'reject';
  // A failed stop is followed up by the account's policy (a drop-off's return or another attempt).
  const action: FleetReport =
    command.action.kind === 'fail'
      ? { ...command.action, policy: await failedDropoffPolicyOf(deps.fleets, command.accountId) }
      : command.action;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const task = await find(command.accountId, command.taskId, deps.tasks);
    if (!task) throw notFound(command.taskId);
    if (task.dispatch?.fleetId !== command.fleetId) {
      // The fleet gave the task up (or a courier's late word on one it gave up): no news.
      const gaveUp = rejecting || command.action.kind === 'advance';
      if (gaveUp && task.rejectedFleetIds?.includes(command.fleetId)) return { task: null, changed: false };
      throw notFound(command.taskId);
    }
    // A courier's report may end its part (failed or cancelled before pick-up): the next fleet takes it.
    const mayHandOver = rejecting || (action.kind === 'advance' && ['failed', 'cancelled'].includes(action.report.stage));
    const fallback = mayHandOver ? ((await fleetsFor(task, deps.fleets))[0] ?? null) : null;
    const at = deps.clock.now().toISOString();
    const result =
      action.kind === 'advance' ? advanceFromCourier(task, action.report, at, fallback) : applyFleetAction(task, action, at, fallback);
    if (!result.changed) return { task, changed: false };
    // A concurrent change moved the version on: read again and decide on the newer task.
    if (await deps.tasks.update(result.task, task.version, lifecycleEvents(result.task, result.events, command, at))) {
      deps.eventsCommitted();
      // Recorded (a wrong PIN), and still refused.
      if (result.refusal) throw result.refusal;
      const handedOver = result.task.dispatch?.fleetId !== command.fleetId;
      return { task: rejecting || handedOver ? null : result.task, changed: true };
    }
  }
  throw new DomainError('SERVICE_UNAVAILABLE', `Task ${command.taskId} kept changing; try again`);
}
