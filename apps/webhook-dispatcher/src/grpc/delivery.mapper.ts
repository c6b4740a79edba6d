import type { DeliveryRecordInput } from '@delivery/rpc';
import { nextAttemptAt, type Delivery } from '@delivery/webhook-deliveries';

export function deliveryToRecord(delivery: Delivery): DeliveryRecordInput {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    taskId: delivery.taskId,
    status: delivery.status,
    createdAt: delivery.createdAt,
    nextAttemptAt: nextAttemptAt(delivery) ?? undefined,
    attempts: delivery.attempts.map((a) => ({
      at: a.at,
      latencyMs: a.latencyMs,
      statusCode: a.statusCode ?? undefined,
      error: a.error ?? undefined,
    })),
    payload: delivery.body,
  };
}
