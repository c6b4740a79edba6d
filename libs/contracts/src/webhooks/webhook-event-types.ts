/** The webhook event names a subscription can ask for (spec 6.3 leaves them to us; docs/decisions.md). */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.cancelled',
  'reservation.created',
  'reservation.confirmed',
  'reservation.expired',
  'note.added',
  'task.dispatched',
  'dispatch.accepted',
  'dispatch.rejected',
  'driver.assigned',
  'task.started',
  'way_point.arrived',
  'way_point.completed',
  'way_point.failed',
  'task.delivered',
  'task.failed',
  'task.returned',
  'task.return_started',
  'task.dropoff_rescheduled',
  'task.eta_updated',
  'dispatch.timed_out',
  'task.late',
  'task.pin_rejected',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const isWebhookEventType = (value: string): value is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
