import type { WebhookDeliveryView } from '@delivery/contracts';
import type { DeliveryRecordMessage } from '@delivery/rpc';

export function toWebhookDeliveryView(record: DeliveryRecordMessage): WebhookDeliveryView {
  return {
    id: record.id,
    endpoint_id: record.endpointId,
    event_id: record.eventId,
    event_type: record.eventType,
    task_id: record.taskId,
    status: record.status as WebhookDeliveryView['status'],
    created_at: record.createdAt,
    next_attempt_at: record.nextAttemptAt ?? null,
    attempts: record.attempts.map((a) => ({
      at: a.at,
      latency_ms: a.latencyMs,
      status_code: a.statusCode ?? null,
      error: a.error ?? null,
    })),
    payload: JSON.parse(record.payload) as WebhookDeliveryView['payload'],
  };
}
