import { z } from 'zod';
import { eventEnvelopeSchema } from './event-envelope.schema';

const externalIds = z.object({ orderId: z.string(), fulfillmentId: z.string(), shipmentId: z.string() });

/** A task was created by Create Order; published on `delivery.orders.v1`. */
export const orderCreatedEventSchema = eventEnvelopeSchema(
  'OrderCreated',
  1,
  externalIds.extend({
    taskId: z.string(),
    carrierCode: z.string(),
    serviceLevel: z.string(),
    readyToExecute: z.boolean(),
    wayPointIds: z.array(z.string()),
    packageCount: z.number().int(),
    totalCharge: z.object({ amount: z.number(), currency: z.string() }),
  }),
);
export type OrderCreatedEvent = z.infer<typeof orderCreatedEventSchema>;

/** A task was cancelled by a FulfillmentCancel event; published on `delivery.orders.v1`. */
export const orderCancelledEventSchema = eventEnvelopeSchema(
  'OrderCancelled',
  1,
  externalIds.extend({ taskId: z.string(), cancelReasonId: z.string().nullable() }),
);
export type OrderCancelledEvent = z.infer<typeof orderCancelledEventSchema>;

export const orderEventSchema = z.discriminatedUnion('type', [orderCreatedEventSchema, orderCancelledEventSchema]);
export type OrderEvent = z.infer<typeof orderEventSchema>;
