import type { Clock } from '@delivery/clock';
import type { Fleets } from '../ports/fleets';
import type { TaskRepository } from '../ports/task.repository';
import { fleetsFor } from './fleet-choice';
import { lifecycleEvents } from './order-events';
import { dispatchTo } from './task-lifecycle';

export interface DispatchReservationsDeps {
  tasks: TaskRepository;
  fleets: Fleets;
  clock: Clock;
  eventsCommitted: () => void;
  /** How long before its pickup window a confirmed reservation is dispatched. */
  leadTimeMs: number;
}

/**
 * Dispatches every confirmed reservation whose pickup window starts within the lead time
 * to its fleet (event TaskDispatched). The dispatch is a conditional update, so when
 * several instances sweep at once each task is dispatched, and announced, exactly once.
 */
export async function dispatchDueReservations(deps: DispatchReservationsDeps, batchSize = 100): Promise<number> {
  const now = deps.clock.now();
  const at = now.toISOString();
  let dispatched = 0;
  for (const task of await deps.tasks.findDispatchesDue(new Date(now.getTime() + deps.leadTimeMs), batchSize)) {
    // The reservation's own fleet comes first and is only passed over once it rejected the task.
    const [fleet] = await fleetsFor(task, deps.fleets);
    if (!fleet) continue;
    const result = dispatchTo(task, fleet, at);
    const events = lifecycleEvents(result.task, result.events, { correlationId: `dispatch:${task.id}`, causationId: null }, at);
    if (await deps.tasks.update(result.task, task.version, events)) dispatched += 1;
  }
  if (dispatched > 0) deps.eventsCommitted();
  return dispatched;
}
