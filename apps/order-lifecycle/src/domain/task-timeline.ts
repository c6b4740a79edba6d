import type { EventEnvelope } from '@delivery/contracts';
import type { Task } from './task';

/**
 * The task with the events of a change added to its timeline. Repositories apply it on
 * every write, in the same step as the task and its outbox entries, so the timeline holds
 * exactly the events that were published, whichever domain function made them.
 */
export function withTimeline(task: Task, events: readonly EventEnvelope[]): Task {
  const steps = events.filter((e) => e.subject === task.id).map((e) => ({ event: e.type, at: e.occurredAt }));
  return steps.length === 0 ? task : { ...task, timeline: [...(task.timeline ?? []), ...steps] };
}
