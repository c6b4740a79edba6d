import type { Clock } from '@delivery/clock';
import type { TaskRepository } from '../ports/task.repository';
import { lifecycleEvents } from './order-events';
import type { Task } from './task';
import { lateAlerts } from './task-lateness';

export interface LatenessDeps {
  tasks: TaskRepository;
  clock: Clock;
  eventsCommitted: () => void;
}

/**
 * Tells each lateness of every task whose next lateness check is due (TaskLate, once per
 * kind), keeping it on the task. A conditional update, so several instances tell each once.
 */
export async function reportLateness(deps: LatenessDeps, batchSize = 100): Promise<number> {
  const now = deps.clock.now();
  const at = now.toISOString();
  let told = 0;
  for (const task of await deps.tasks.findLatenessDue(now, batchSize)) {
    const alerts = lateAlerts(task, now);
    if (alerts.length === 0 || !task.lateness) continue;
    const late: Task = { ...task, lateness: { ...task.lateness, alerts: [...task.lateness.alerts, ...alerts] }, version: task.version + 1 };
    const events = lifecycleEvents(
      late,
      alerts.map((alert) => ({ type: 'TaskLate', data: { alert } })),
      { correlationId: `lateness:${task.id}`, causationId: null },
      at,
    );
    if (await deps.tasks.update(late, task.version, events)) told += 1;
  }
  if (told > 0) deps.eventsCommitted();
  return told;
}
