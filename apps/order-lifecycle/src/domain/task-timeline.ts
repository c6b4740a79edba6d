import type { EventEnvelope } from '@delivery/contracts';
import type { Task, TimelineEntry } from './task';

/** The steps a change adds to a task's timeline: its own events (not another task's written alongside), each with its time. */
export const timelineSteps = (taskId: string, events: readonly EventEnvelope[]): TimelineEntry[] =>
  events.filter((e) => e.subject === taskId).map((e) => ({ event: e.type, at: e.occurredAt }));

/**
 * The task with the events of a change added to its timeline. Repositories apply it on
 * every write, in the same step as the task and its outbox entries, so the timeline holds
 * exactly the events that were published, whichever domain function made them.
 */
export function withTimeline(task: Task, events: readonly EventEnvelope[]): Task {
  const steps = timelineSteps(task.id, events);
  return steps.length === 0 ? task : { ...task, timeline: [...(task.timeline ?? []), ...steps] };
}
