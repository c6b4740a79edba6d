import { z } from 'zod';
import { timeWindowSchema } from '../time-window.schema';
import { failureCodeSchema } from './failure-codes';
import { courierFeeSchema } from '../http/courier-fee.schema';
import { DELIVERY_REQUIREMENTS, deliveryRequirementsSchema } from '../requirements/delivery-requirements';

/** Every state of a task (docs/decisions.md, "The task lifecycle"); `released` is a hold that expired unconfirmed. */
export { AFTER_PICKUP, BEFORE_PICKUP, TASK_STATUSES, UNDER_WAY, type TaskStatusName } from './task-statuses';
import { TASK_STATUSES } from './task-statuses';
import { platformFieldsFromJson } from '../platform-fields-json';

const window = timeWindowSchema;

/** What a driver leaves at a completed way point. */
export const proofOfDeliverySchema = z.object({
  recipientName: z.string().nullable(),
  signatureUrl: z.string().nullable(),
  photoUrl: z.string().nullable(),
  note: z.string().nullable(),
  /** The drop-off's requirements this proof met, and the barcodes scanned; absent in events written before requirements. */
  verified: z.array(z.enum(DELIVERY_REQUIREMENTS)).nullish(),
  barcodes: z.array(z.string()).nullish(),
});
export type ProofOfDelivery = z.infer<typeof proofOfDeliverySchema>;

/**
 * The task as it stood when an event happened, carried by every event about a task so a
 * consumer (the webhook dispatcher, an analyst) needs no call back to order-lifecycle.
 * `driver`, way points' `eta` and the fleet's reports stay null until a fleet gives them.
 */
export const taskSnapshotSchema = z.object({
  taskId: z.string(),
  orderId: z.string(),
  fulfillmentId: z.string(),
  shipmentId: z.string(),
  status: z.enum(TASK_STATUSES),
  readyToExecute: z.boolean(),
  /** The fleet the task was dispatched to; absent in events written before dispatch existed. */
  fleet: z.object({ id: z.number().int(), name: z.string(), fee: courierFeeSchema.nullish() }).nullish(),
  driver: z
    .object({
      name: z.string().nullable(),
      phone: z.string().nullable(),
      /** Absent in events written before fleets reported drivers. */
      vehicle: z.string().nullish(),
    })
    .nullable(),
  wayPoints: z.array(
    z.object({
      id: z.string(),
      type: z.enum(['pickup', 'dropoff']),
      /**
       * The promised window: the pickup's as its reservation booked it; the drop-off's as the task
       * promises it now (a re-attempt's, the booked one, or from the ship date to the delivery
       * date). Null when nothing was promised.
       */
      window: window.nullable(),
      eta: z.string().nullable(),
      /** The fleet's reports; absent in events written before fleets reported them. */
      arrivedAt: z.string().nullish(),
      completedAt: z.string().nullish(),
      failureReason: z.string().nullish(),
      failureCode: failureCodeSchema.nullish(),
      proofOfDelivery: proofOfDeliverySchema.nullish(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The shipment's fields the service does not act on, as the caller sent them; null when
   * larger than `EVENT_PLATFORM_FIELDS_LIMIT`, absent in events written before they were kept.
   */
  platformFields: z.record(z.string(), z.unknown()).nullish(),
  /** Opens the recipient's tracking page (/track/{token}); absent in events written before it existed. */
  trackingToken: z.string().nullish(),
  /**
   * The task's revision: one more with every change, the same for the events of one change.
   * Webhooks carry it as `sequence`. Absent in events written before it existed.
   */
  revision: z.number().int().nullish(),
  /** What the drop-off requires (never its PIN); absent in events written before requirements. */
  requirements: deliveryRequirementsSchema.nullish(),
});
export type TaskSnapshot = z.infer<typeof taskSnapshotSchema>;

/** Bytes of JSON: an event stays well under Kafka's default 1 MiB message limit, however large the caller's record. */
export const EVENT_PLATFORM_FIELDS_LIMIT = 64 * 1024;

/** The platform fields, kept as JSON text, as events carry them: as given, or null beyond the limit (Get Order still has them). */
export function platformFieldsForEvents(json: string | undefined): Record<string, unknown> | null {
  if (!json) return null;
  return Buffer.byteLength(json) <= EVENT_PLATFORM_FIELDS_LIMIT ? platformFieldsFromJson(json) : null;
}
