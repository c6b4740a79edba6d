import { z } from 'zod';
import { TASK_STATUSES } from '../events/task-snapshot.schema';
import { WEBHOOK_EVENT_TYPES } from './webhook-event-types';

const window = z.object({ start_time: z.string(), end_time: z.string() });

/**
 * The JSON body of every webhook, in the Standard Webhooks shape (`type`, `timestamp`,
 * `data`). `data` is the task as it stood when the event happened, named as the spec
 * names things (`task_id`, `ready_to_execute`, the caller's `orderId` ...), plus what the
 * event itself adds: the reservation, the cancel reason or the note.
 */
export const webhookPayloadSchema = z.object({
  type: z.enum(WEBHOOK_EVENT_TYPES),
  /** When the event happened (ISO 8601 UTC). */
  timestamp: z.string(),
  data: z.object({
    event_id: z.string(),
    task_id: z.string(),
    orderId: z.string(),
    fulfillmentId: z.string(),
    shipmentId: z.string(),
    status: z.enum(TASK_STATUSES),
    ready_to_execute: z.boolean(),
    /** Null until a driver is assigned. */
    driver: z.object({ name: z.string().nullable(), phone: z.string().nullable() }).nullable(),
    way_points: z.array(
      z.object({
        id: z.string(),
        type: z.enum(['pickup', 'dropoff']),
        window: window.nullable(),
        eta: z.string().nullable(),
      }),
    ),
    created_at: z.string(),
    updated_at: z.string(),
    /** The shipment's fields the service does not act on, as the caller sent them; null beyond 64 KiB (Get Order has them). */
    platform_fields: z.record(z.string(), z.unknown()).nullable(),
    reservation: z
      .object({
        quote_id: z.string(),
        fleet_id: z.number().int(),
        reserved_until: z.string(),
        pickup_window: window,
        dropoff_window: window,
      })
      .optional(),
    cancel_reason_id: z.string().nullable().optional(),
    note: z.object({ id: z.string(), way_point_id: z.string(), type: z.number().int() }).optional(),
  }),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
