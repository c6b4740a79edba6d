import { randomUUID } from 'node:crypto';
import type { OrderCancelledEvent, OrderCreatedEvent, TaskLifecycleEvent } from '@delivery/contracts';
import type { Task } from './task';
import type { LifecycleEvent } from './lifecycle-event';
import { taskSnapshot } from './task-snapshot';

/** Who asked: carried into every event so analysts can follow one request across services. */
export interface Causation {
  correlationId: string;
  causationId: string | null;
}

/** Only the two ids: a command passed as its causation must not spread its own fields (the caller's parties) into the envelope. */
export const causationOf = ({ correlationId, causationId }: Causation): Causation => ({ correlationId, causationId });

/** What every event of a task carries: its ids and its snapshot. */
export const taskEventData = (task: Task) => ({
  orderId: task.orderId,
  fulfillmentId: task.fulfillmentId,
  shipmentId: task.shipmentId,
  taskId: task.id,
  task: taskSnapshot(task),
});

export function orderCreated(task: Task, causation: Causation): OrderCreatedEvent {
  return {
    id: randomUUID(),
    type: 'OrderCreated',
    version: 1,
    occurredAt: task.createdAt,
    accountId: task.accountId,
    subject: task.id,
    ...causationOf(causation),
    data: {
      ...taskEventData(task),
      carrierCode: task.carrierCode,
      serviceLevel: task.serviceLevel,
      readyToExecute: task.readyToExecute,
      wayPointIds: task.wayPoints.map((w) => w.id),
      packageCount: task.packages.length,
      totalCharge: task.charge.total,
      dispatchDecision: task.dispatchDecision ?? null,
    },
  };
}

export function orderCancelled(task: Task, causation: Causation): OrderCancelledEvent {
  return {
    id: randomUUID(),
    type: 'OrderCancelled',
    version: 1,
    occurredAt: task.cancelledAt ?? task.updatedAt,
    accountId: task.accountId,
    subject: task.id,
    ...causationOf(causation),
    data: { ...taskEventData(task), cancelReasonId: task.cancelReasonId },
  };
}

/** The events a lifecycle transition announces, each with the task's snapshot after it. */
export function lifecycleEvents(
  task: Task,
  events: readonly LifecycleEvent[],
  causation: Causation,
  occurredAt: string,
): TaskLifecycleEvent[] {
  return events.map(
    (event) =>
      ({
        id: randomUUID(),
        type: event.type,
        version: 1,
        occurredAt,
        accountId: task.accountId,
        subject: task.id,
        ...causationOf(causation),
        data: { ...taskEventData(task), ...event.data },
      }) as TaskLifecycleEvent,
  );
}
