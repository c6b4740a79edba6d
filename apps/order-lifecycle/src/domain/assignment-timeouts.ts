import type { Clock } from '@delivery/clock';
import type { Fleets } from '../ports/fleets';
import type { TaskRepository } from '../ports/task.repository';
import { fleetsFor } from './fleet-choice';
import { lifecycleEvents } from './order-events';
import { assignmentTimedOut } from './task-lifecycle';

export interface AssignmentTimeoutDeps {
  tasks: TaskRepository;
  fleets: Fleets;
  clock: Clock;
  eventsCommitted: () => void;
  /** How long a fleet has, from its dispatch, to name a driver. */
  timeoutMs: number;
}

/**
 * Reports every task whose fleet named no driver within the timeout (DispatchTimedOut) and
 * sends it to the account's next fleet for it, when there is one, in the same write. A
 * conditional update, so several instances report each task once.
 */
export async function handleAssignmentTimeouts(deps: AssignmentTimeoutDeps, batchSize = 100): Promise<number> {
  const now = deps.clock.now();
  const at = now.toISOString();
  let handled = 0;
  for (const task of await deps.tasks.findAssignmentsOverdue(new Date(now.getTime() - deps.timeoutMs), batchSize)) {
    const [fallback] = await fleetsFor(task, deps.fleets);
    const result = assignmentTimedOut(task, fallback ?? null, at);
    const events = lifecycleEvents(result.task, result.events, { correlationId: `assignment-timeout:${task.id}`, causationId: null }, at);
    if (await deps.tasks.update(result.task, task.version, events)) handled += 1;
  }
  if (handled > 0) deps.eventsCommitted();
  return handled;
}
