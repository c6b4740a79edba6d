import { z } from 'zod';
import { timeWindowSchema } from '../time-window.schema';
import { moneySchema } from '../money.schema';
import { dispatchDecisionSchema } from './dispatch-decision.schema';
import { eventEnvelopeSchema } from './event-envelope.schema';
import { taskLifecycleEventSchemas } from './task-lifecycle-events.schema';
import { taskSnapshotSchema } from './task-snapshot.schema';

const externalIds = z.object({ orderId: z.string(), fulfillmentId: z.string(), shipmentId: z.string() });
/** Every event of a task carries its snapshot, taken in the same change. */
const taskEvent = externalIds.extend({ taskId: z.string(), task: taskSnapshotSchema });

/** A task was created by Create Order; published on `delivery.orders.v1`. */
export const orderCreatedEventSchema = eventEnvelopeSchema(
  'OrderCreated',
  1,
  taskEvent.extend({
    carrierCode: z.string(),
    serviceLevel: z.string(),
    readyToExecute: z.boolean(),
    wayPointIds: z.array(z.string()),
    packageCount: z.number().int(),
    totalCharge: moneySchema,
    /** How a Same-Day order's fleet was chosen; null when no fleet serves it, absent in events older than decisions. */
    dispatchDecision: dispatchDecisionSchema.nullish(),
  }),
);
export type OrderCreatedEvent = z.infer<typeof orderCreatedEventSchema>;

/** A task was cancelled by a FulfillmentCancel event; published on `delivery.orders.v1`. */
export const orderCancelledEventSchema = eventEnvelopeSchema(
  'OrderCancelled',
  1,
  taskEvent.extend({ cancelReasonId: z.string().nullable() }),
);
export type OrderCancelledEvent = z.infer<typeof orderCancelledEventSchema>;

export const orderEventSchema = z.discriminatedUnion('type', [orderCreatedEventSchema, orderCancelledEventSchema]);
export type OrderEvent = z.infer<typeof orderEventSchema>;

const reservationData = taskEvent.extend({
  quoteId: z.string(),
  fleetId: z.number().int(),
  readyToExecute: z.boolean(),
  heldUntil: z.string(),
  pickupWindow: timeWindowSchema,
  dropoffWindow: timeWindowSchema,
});

/** A soft reservation holds a quote's fleet and windows (ready_to_execute false). */
export const reservationCreatedEventSchema = eventEnvelopeSchema('ReservationCreated', 1, reservationData);
/** A hard reservation confirmed the hold with the fleet (ready_to_execute true). */
export const reservationConfirmedEventSchema = eventEnvelopeSchema('ReservationConfirmed', 1, reservationData);
/** The hold passed `heldUntil` unconfirmed and was released. */
export const reservationExpiredEventSchema = eventEnvelopeSchema('ReservationExpired', 1, reservationData);

export const reservationEventSchema = z.discriminatedUnion('type', [
  reservationCreatedEventSchema,
  reservationConfirmedEventSchema,
  reservationExpiredEventSchema,
]);
export type ReservationEvent = z.infer<typeof reservationEventSchema>;

/** Everything published on `delivery.orders.v1`. */
export const orderTopicEventSchema = z.discriminatedUnion('type', [
  orderCreatedEventSchema,
  orderCancelledEventSchema,
  reservationCreatedEventSchema,
  reservationConfirmedEventSchema,
  reservationExpiredEventSchema,
  ...taskLifecycleEventSchemas,
]);
export type OrderTopicEvent = z.infer<typeof orderTopicEventSchema>;
