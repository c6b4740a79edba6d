/** The webhook event names a subscription can ask for (spec 6.3 leaves them to us; docs/decisions.md). */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.cancelled',
  'reservation.created',
  'reservation.confirmed',
  'reservation.expired',
  'note.added',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const isWebhookEventType = (value: string): value is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
