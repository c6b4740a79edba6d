import { z } from 'zod';

const fulfillmentId = z.string().min(1).max(200);

/** Spec 2.6: the fulfillment record inside a FulfillmentCancel event. */
export const fulfillmentRecordSchema = z.looseObject({
  FulfillmentId: fulfillmentId.nullish(),
  OrderId: z.string().max(200).nullish(),
  ServiceLevelCode: z.string().nullish(),
  ShipFromLocationId: z.string().nullish(),
  CarrierCode: z.string().nullish(),
  ShipViaId: z.string().nullish(),
  CancelReasonId: z.string().nullish(),
  MinStatusId: z.string().nullish(),
  MaxStatusId: z.string().nullish(),
  Packages: z.array(z.unknown()).nullish(),
  FulfillmentLine: z.array(z.unknown()).nullish(),
});

/**
 * Spec 2.6: body of Cancel Order. The order is named by `CurrentObject.FulfillmentId`,
 * or `ChangeSet.FulfillmentId` when the current object lacks it (docs/decisions.md).
 */
export const cancelEventSchema = z
  .looseObject({
    Messages: z.unknown().nullish(),
    CurrentObject: fulfillmentRecordSchema.nullish(),
    EventName: z.string().nullish(),
    ChangeSet: z.looseObject({ FulfillmentId: fulfillmentId.nullish(), CancelReasonId: z.string().nullish() }).nullish(),
  })
  .refine((event) => event.CurrentObject?.FulfillmentId ?? event.ChangeSet?.FulfillmentId, {
    message: 'CurrentObject.FulfillmentId (or ChangeSet.FulfillmentId) is required to name the order',
    path: ['CurrentObject', 'FulfillmentId'],
  })
  .refine((event) => event.EventName == null || event.EventName === 'FulfillmentCancel', {
    message: 'EventName must be FulfillmentCancel',
    path: ['EventName'],
  });
export type CancelEvent = z.infer<typeof cancelEventSchema>;

export function cancelledFulfillmentId(event: CancelEvent): string {
  return (event.CurrentObject?.FulfillmentId ?? event.ChangeSet?.FulfillmentId) as string;
}
