import { DomainError } from '@delivery/contracts';
import type { Clock } from '@delivery/clock';
import type { Fleets } from '../ports/fleets';
import type { TaskRepository } from '../ports/task.repository';
import { fleetsFor } from './fleet-choice';
import { isTaskId } from './ids';
import { lifecycleEvents, type Causation } from './order-events';
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
  action: FleetAction;
}

const MAX_ATTEMPTS = 5;
const notFound = (id: string) => new DomainError('TASK_NOT_FOUND', `No task found for id ${id}`);

async function find(accountId: string, id: string, tasks: TaskRepository): Promise<Task | null> {
  return isTaskId(id) ? tasks.findById(accountId, id) : tasks.findByShipmentId(accountId, id);
}

/** The tasks a fleet has in hand, first dispatched first. */
export const tasksWithFleet = (accountId: string, fleetId: number, { tasks }: { tasks: TaskRepository }) =>
  tasks.findWithFleet(accountId, fleetId);

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
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const task = await find(command.accountId, command.taskId, deps.tasks);
    if (!task) throw notFound(command.taskId);
    if (task.dispatch?.fleetId !== command.fleetId) {
      if (rejecting && task.rejectedFleetIds?.includes(command.fleetId)) return { task: null, changed: false };
      throw notFound(command.taskId);
    }
    const fallback = rejecting ? ((await fleetsFor(task, deps.fleets))[0] ?? null) : null;
    const at = deps.clock.now().toISOString();
    const result = applyFleetAction(task, command.action, at, fallback);
    if (!result.changed) return { task, changed: false };
    // A concurrent change moved the version on: read again and decide on the newer task.
    if (await deps.tasks.update(result.task, task.version, lifecycleEvents(result.task, result.events, command, at))) {
      deps.eventsCommitted();
      return { task: rejecting ? null : result.task, changed: true };
    }
  }
  throw new DomainError('SERVICE_UNAVAILABLE', `Task ${command.taskId} kept changing; try again`);
}
