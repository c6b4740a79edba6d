import { z } from 'zod';
import { isoTimestamp } from './timestamp.schema';
import { WEIGHT_UNITS } from './weight-units';

const text = (max: number) => z.string().max(max);

export const contactSchema = z.looseObject({
  personName: text(200).nullish(),
  phoneNumber: text(50).nullish(),
  email: text(320).nullish(),
});

export const addressSchema = z.looseObject({
  streetLines: z.array(text(200)).max(6).nullish(),
  city: text(100).nullish(),
  stateOrProvinceCode: text(50).nullish(),
  postalCode: text(20).nullish(),
  countryCode: text(3).nullish(),
});

/** Spec 2.2 party object: the shipper (pickup) or recipient (drop-off). */
export const partySchema = z.looseObject({
  contact: contactSchema,
  address: addressSchema,
});
export type Party = z.infer<typeof partySchema>;

export const weightSchema = z.looseObject({
  value: z.number().finite().nonnegative().max(100_000),
  weightUnits: z.enum(WEIGHT_UNITS),
});

export const dimensionsSchema = z.looseObject({
  length: z.number().finite().nonnegative().max(100_000),
  width: z.number().finite().nonnegative().max(100_000),
  height: z.number().finite().nonnegative().max(100_000),
  units: z.enum(['IN', 'CM']).optional(),
});

/** Spec 2.2 package object. */
export const packageSchema = z.looseObject({
  contentDescription: text(1000).nullish(),
  weight: weightSchema,
  dimensions: dimensionsSchema.nullish(),
  packageType: text(50).nullish(),
});
export type ShipPackage = z.infer<typeof packageSchema>;

export const referenceFieldSchema = z.looseObject({
  key: text(200).optional(),
  value: z.union([text(1000), z.number(), z.boolean(), z.null()]).optional(),
});

/** Spec 2.2 `extended`: only on Create Soft Reservation. */
export const extendedSchema = z.looseObject({
  robo_courier_specification: z.looseObject({ mode: text(50).nullish() }).nullish(),
  quoteId: text(200).nullish(),
  reservedUntil: isoTimestamp.nullish(),
});

const monetaryValue = z.union([z.string().regex(/^-?\d+(\.\d+)?$/, 'monetaryValue must be numeric text'), z.number().finite()]);

/** Spec 2.2 `shipment`: the fields every ship request variant may carry. */
export const shipmentSchema = z.looseObject({
  shipDate: isoTimestamp.nullish(),
  deliveryDate: isoTimestamp.nullish(),
  description: text(1000).nullish(),
  serviceLevel: text(50),
  fulfillmentId: text(200).min(1),
  orderId: text(200).min(1),
  monetaryValue: monetaryValue.nullish(),
  currencyCode: z
    .string()
    .regex(/^[A-Z]{3}$/, 'currencyCode must be a three-letter code')
    .nullish(),
  shipper: partySchema,
  recipient: partySchema,
  referenceFields: z.array(referenceFieldSchema).max(100).nullish(),
  customerReferences: z.array(z.unknown()).max(100).nullish(),
  dropOffType: z.unknown().nullish(),
  specialService: z.unknown().nullish(),
  packages: z.array(packageSchema).min(1, 'at least one package is required').max(100),
  extended: extendedSchema.nullish(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** Spec 2.2: body of Create Order, Get Quotes and Create Soft Reservation. */
export const shipRequestSchema = z.looseObject({
  shipRequest: z.looseObject({
    provider: text(200).nullish(),
    carrierCode: text(100).nullish(),
    Messages: z.unknown().nullish(),
    shipment: shipmentSchema,
  }),
});
export type ShipRequest = z.infer<typeof shipRequestSchema>;

/** Create Order names one carrier: its code picks the account's service plan. */
export const createOrderRequestSchema = shipRequestSchema.extend({
  shipRequest: shipRequestSchema.shape.shipRequest.extend({ carrierCode: text(100).min(1) }),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

/** Get Quotes: `carrierCode: null` asks every fleet of the account. */
export const getQuotesRequestSchema = shipRequestSchema;

/** Create Soft Reservation: a ship request whose `extended` names a quote and a hold. */
export const softReservationRequestSchema = shipRequestSchema.extend({
  shipRequest: shipRequestSchema.shape.shipRequest.extend({
    shipment: shipmentSchema.extend({
      extended: extendedSchema.extend({ quoteId: text(200).min(1), reservedUntil: isoTimestamp }),
    }),
  }),
});
export type SoftReservationRequest = z.infer<typeof softReservationRequestSchema>;
