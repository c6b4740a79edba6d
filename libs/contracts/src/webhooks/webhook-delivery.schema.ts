import { z } from 'zod';
import { webhookPayloadSchema } from './webhook-payload.schema';

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
  status: z.enum(['pending', 'delivered', 'failed', 'dead']),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(webhookDeliveryAttemptSchema),
  payload: webhookPayloadSchema,
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = z.object({
  endpoint_id: z.string().min(1).max(200).optional(),
  status: z.enum(['pending', 'delivered', 'failed', 'dead']).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

export const replayFailedDeliveriesRequestSchema = z.object({ since: z.iso.datetime({ offset: true }) });
