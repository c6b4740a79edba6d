import { z } from 'zod';
import { webhookPayloadSchema } from './webhook-payload.schema';

/**
 * `pending` waits for its next try (or is being tried under a lease); `delivered` got a
 * 2xx; `failed` got an answer that retrying cannot change (a 4xx, 410 Gone, a refused
 * address); `dead` used up its schedule. Failed and dead deliveries can be replayed.
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One try of a delivery, as the admin API shows it. */
export const webhookDeliveryAttemptSchema = z.object({
  at: z.string(),
  latency_ms: z.number().int(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
});

/** A webhook message to one endpoint, with every try (GET /admin/v1/webhooks/deliveries...). */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  task_id: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(webhookDeliveryAttemptSchema),
  payload: webhookPayloadSchema,
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = z.object({
  endpoint_id: z.string().min(1).max(200).optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  task_id: z.string().min(1).max(200).optional(),
});

export const replayFailedDeliveriesRequestSchema = z.object({ since: z.iso.datetime({ offset: true }) });
