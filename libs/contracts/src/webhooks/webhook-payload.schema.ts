import { z } from 'zod';
import { timeWindowViewSchema } from '../time-window.schema';
import { failureCodeSchema } from '../events/failure-codes';
import { latenessAlertSchema } from '../events/lateness.schema';
import { courierFeeViewFields } from '../http/courier-fee.schema';
import { TASK_STATUSES } from '../events/task-snapshot.schema';
import { proofOfDeliveryViewSchema } from '../http/proof-of-delivery.schema';
import { WEBHOOK_EVENT_TYPES } from './webhook-event-types';

const window = timeWindowViewSchema;

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
    /**
     * The task's revision this webhook shows, growing with every change of the task: a receiver
     * that has applied a higher one drops this webhook as stale. Webhooks of one change (and a
     * note added at that state) share it. Null only for events recorded before it existed.
     */
    sequence: z
      .number()
      .int()
      .nullable()
      .describe(
        'The revision of the task this webhook shows: drop a webhook whose sequence is lower than the last one applied for that task',
      ),
    orderId: z.string(),
    fulfillmentId: z.string(),
    shipmentId: z.string(),
    status: z.enum(TASK_STATUSES),
    ready_to_execute: z.boolean(),
    /** The fleet the task was dispatched to; null before. */
    fleet: z.object({ id: z.number().int(), name: z.string(), ...courierFeeViewFields }).nullable(),
    /** Null until a driver is assigned. */
    driver: z.object({ name: z.string().nullable(), phone: z.string().nullable(), vehicle: z.string().nullable() }).nullable(),
    way_points: z.array(
      z.object({
        id: z.string(),
        type: z.enum(['pickup', 'dropoff']),
        window: window.nullable(),
        eta: z.string().nullable(),
        arrived_at: z.string().nullable(),
        completed_at: z.string().nullable(),
        failure_reason: z.string().nullable(),
        failure_code: failureCodeSchema.nullable(),
        proof_of_delivery: proofOfDeliveryViewSchema.nullable(),
      }),
    ),
    created_at: z.string(),
    updated_at: z.string(),
    /** The shipment's fields the service does not act on, as the caller sent them; null beyond 64 KiB (Get Order has them). */
    platform_fields: z.record(z.string(), z.unknown()).nullable(),
    /** The recipient's read-only tracking page; null where the dispatcher knows no public address of the gateway. */
    tracking_url: z.string().nullable(),
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
    /** The way point a `way_point.*` webhook is about. */
    way_point_id: z.string().optional(),
    /** `task.started`: which leg began. */
    leg: z.enum(['pickup', 'dropoff']).optional(),
    /** `dispatch.rejected`, `way_point.failed`, `task.failed`, `task.dropoff_rescheduled`: the fleet's reason. */
    reason: z.string().optional(),
    /** task.late: which lateness, the deadline passed, when seen, in words. */
    lateness: latenessAlertSchema.optional(),
    /** With `reason` on way_point.failed, task.failed and task.dropoff_rescheduled. */
    reason_code: failureCodeSchema.optional(),
    /** task.dropoff_rescheduled: the drop-off attempt to come (2 or more), and its window. */
    attempt: z.number().int().optional(),
    next_window: window.optional(),
    /** task.pin_rejected (with way_point_id): wrong PINs so far for the current PIN, and whether no more are taken. */
    pin_failures: z.number().int().optional(),
    pin_locked: z.boolean().optional(),
  }),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
