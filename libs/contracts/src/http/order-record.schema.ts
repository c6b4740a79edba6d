import { z } from 'zod';

/** Spec 2.6: one release of the caller's order record. */
const id = z.string().max(200);

export const releaseSchema = z.looseObject({
  ReleaseId: id.nullish(),
  OrderId: id.nullish(),
  CarrierCode: z.string().nullish(),
  ShipViaId: z.string().nullish(),
  ServiceLevelCode: z.string().nullish(),
  ShipFromLocationId: z.string().nullish(),
  DeliveryMethodId: z.string().nullish(),
  DestinationAction: z.string().nullish(),
  ReleaseLine: z.array(z.unknown()).nullish(),
});

/** Spec 2.6: body of Create Hard Reservation, the caller's full order record. */
export const orderRecordSchema = z.looseObject({
  OrgId: z.string().nullish(),
  OrderId: id.nullish(),
  FulfillmentStatus: z.unknown().nullish(),
  IsConfirmed: z.boolean().nullish(),
  OrderType: z.unknown().nullish(),
  OrderMilestone: z.array(z.unknown()).nullish(),
  Release: z.array(releaseSchema).nullish(),
  ChangeLog: z.unknown().nullish(),
  PK: z.string().nullish(),
  Unique_Identifier: z.string().nullish(),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;
