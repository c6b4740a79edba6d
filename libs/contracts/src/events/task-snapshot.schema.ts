import { z } from 'zod';

export const TASK_STATUSES = ['created', 'reserved', 'confirmed', 'released', 'cancelled'] as const;
export type TaskStatusName = (typeof TASK_STATUSES)[number];

const window = z.object({ startTime: z.string(), endTime: z.string() });

/**
 * The task as it stood when an event happened, carried by every event about a task so a
 * consumer (the webhook dispatcher, an analyst) needs no call back to order-lifecycle.
 * `driver` stays null and way points' `eta` too until a fleet reports them.
 */
export const taskSnapshotSchema = z.object({
  taskId: z.string(),
  orderId: z.string(),
  fulfillmentId: z.string(),
  shipmentId: z.string(),
  status: z.enum(TASK_STATUSES),
  readyToExecute: z.boolean(),
  driver: z.object({ name: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  wayPoints: z.array(
    z.object({
      id: z.string(),
      type: z.enum(['pickup', 'dropoff']),
      /** The fleet's promised window (planned deliveries); null when none was booked. */
      window: window.nullable(),
      eta: z.string().nullable(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The shipment's fields the service does not act on, as the caller sent them; null when
   * larger than `EVENT_PLATFORM_FIELDS_LIMIT`, absent in events written before they were kept.
   */
  platformFields: z.record(z.string(), z.unknown()).nullish(),
});
export type TaskSnapshot = z.infer<typeof taskSnapshotSchema>;

/** Bytes of JSON: an event stays well under Kafka's default 1 MiB message limit, however large the caller's record. */
export const EVENT_PLATFORM_FIELDS_LIMIT = 64 * 1024;

/** The platform fields as events carry them: as given, or null beyond the limit (Get Order still has them). */
export function platformFieldsForEvents(fields: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!fields) return null;
  return Buffer.byteLength(JSON.stringify(fields)) <= EVENT_PLATFORM_FIELDS_LIMIT ? fields : null;
}
