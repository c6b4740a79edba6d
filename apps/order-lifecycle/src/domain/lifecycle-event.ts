import type { TaskLifecycleEvent } from '@delivery/contracts';

/** Every event a task's changes announce on the orders topic, as its schema names them. */
export type LifecycleEventType = TaskLifecycleEvent['type'];

/** An event a transition announces: its type and what it adds to the task's snapshot. */
export interface LifecycleEvent {
  type: LifecycleEventType;
  data: Record<string, unknown>;
}
