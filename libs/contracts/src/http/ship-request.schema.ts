import { z } from 'zod';
import {
  optionalAmount,
  platformAmount,
  platformCoordinate,
  platformCurrency,
  platformIdentifier,
  platformList,
  platformRecord,
  platformText,
  platformUnit,
  requiredRecord,
} from './platform-values';
import { platformTimestamp } from './timestamp.schema';
import { shipmentRequirementsSchema } from './signature-option.schema';
import { DIMENSION_UNIT_SPELLINGS, WEIGHT_UNIT_SPELLINGS } from './units';

/**
 * Spec 2.2, read by the rule of docs/decisions.md ("Fields we act on and fields we carry"):
 * only the fields below are read, each in every shape the platform sends; every other
 * field, at any depth, passes whatever its shape. The shipment's are carried (`platformFieldsOf`).
 */

export const contactSchema = platformRecord({
  personName: platformText('personName', 500),
  phoneNumber: platformText('phoneNumber', 100),
  email: platformText('email', 320),
});

export const addressSchema = requiredRecord('address', {
  streetLines: platformList(platformText('streetLines', 500), 'streetLines', { max: 10 }).transform((lines) =>
    lines.filter((line): line is string => line != null),
  ),
  city: platformText('city', 200),
  stateOrProvinceCode: platformText('stateOrProvinceCode', 100),
  postalCode: platformText('postalCode', 40),
  countryCode: platformText('countryCode', 100),
  // Where the address is, as the platform's records give it (either case); used with both.
  Latitude: platformCoordinate('Latitude', 90),
  Longitude: platformCoordinate('Longitude', 180),
  latitude: platformCoordinate('latitude', 90),
  longitude: platformCoordinate('longitude', 180),
});

/** The address's coordinates when it has both, whichever spelling the platform used. */
export function coordinatesOf(address: z.infer<typeof addressSchema>): { lat: number; lng: number } | null {
  const lat = address.Latitude ?? address.latitude;
  const lng = address.Longitude ?? address.longitude;
  return lat != null && lng != null ? { lat, lng } : null;
}

/** Spec 2.2 party object: the shipper (pickup) or recipient (drop-off). */
const party = (field: string) => requiredRecord(field, { contact: contactSchema, address: addressSchema });
export const partySchema = party('party');
export type Party = z.infer<typeof partySchema>;

const MAX_MEASURE = 1_000_000;
const measure = (field: string) => optionalAmount(field, MAX_MEASURE);

/** `{ value, weightUnits }`, or a bare number in kilograms. */
export const weightSchema = z.preprocess(
  (value) => (typeof value === 'number' || typeof value === 'string' ? { value } : value),
  requiredRecord('weight', {
    value: platformAmount('weight.value', MAX_MEASURE),
    weightUnits: platformUnit('weightUnits', WEIGHT_UNIT_SPELLINGS, 'KG'),
  }),
);

/** Usable only with all three measures: a box with one of them missing (or not an object) is read as unmeasured. */
export const dimensionsSchema = platformRecord({
  length: measure('dimensions.length'),
  width: measure('dimensions.width'),
  height: measure('dimensions.height'),
  units: platformUnit('dimensions.units', DIMENSION_UNIT_SPELLINGS, 'IN'),
}).transform(({ length, width, height, units }) =>
  length != null && width != null && height != null ? { length, width, height, units } : null,
);

/** Spec 2.2 package object. */
export const packageSchema = requiredRecord('package', {
  contentDescription: platformText('contentDescription', 1000),
  weight: weightSchema,
  dimensions: dimensionsSchema,
  packageType: platformText('packageType', 100).catch(null),
});
export type ShipPackage = z.infer<typeof packageSchema>;

/** Spec 2.2 `extended`: only Create Soft Reservation reads it. */
export const extendedSchema = platformRecord({
  quoteId: platformText('extended.quoteId', 200),
  reservedUntil: platformTimestamp('extended.reservedUntil'),
});

const shipmentFields = {
  shipDate: platformTimestamp('shipDate', 'start'),
  deliveryDate: platformTimestamp('deliveryDate', 'end'),
  description: platformText('description', 1000).catch(null),
  serviceLevel: platformIdentifier('serviceLevel', 100),
  fulfillmentId: platformIdentifier('fulfillmentId'),
  orderId: platformIdentifier('orderId'),
  monetaryValue: optionalAmount('monetaryValue'),
  currencyCode: platformCurrency('currencyCode'),
  shipper: party('shipper'),
  recipient: party('recipient'),
  packages: platformList(packageSchema, 'packages', { min: 1, max: 100 }),
  extended: extendedSchema,
};

/** Spec 2.2 `shipment`: the fields a ship request is acted on by. */
export const shipmentSchema = requiredRecord('shipment', shipmentFields)
  .refine((s) => !s.shipDate || !s.deliveryDate || s.deliveryDate >= s.shipDate, {
    message: 'deliveryDate is before shipDate',
    path: ['deliveryDate'],
  })
  .superRefine((s, ctx) => {
    // The fields saying what the drop-off requires are carried as sent, and read here.
    const requirements = shipmentRequirementsSchema.safeParse(s);
    requirements.error?.issues.forEach((issue) => ctx.addIssue({ ...issue, code: 'custom' }));
  });
export type Shipment = z.infer<typeof shipmentSchema>;

/**
 * How much of the shipment's carried fields an order keeps, as JSON: a full platform record
 * carries a few kilobytes; beyond this a caller could make every order cost its whole body
 * in storage, events and webhooks (docs/decisions.md, "Bounded request bodies").
 */
export const CARRIED_FIELDS_LIMIT = 64 * 1024;

/** The key under which the carried fields name those left out for the limit; Get Order shows it as `platform_fields_dropped`. */
export const DROPPED_FIELDS_KEY = '$dropped';

/**
 * The shipment's fields we do not act on, as given, in the order given, while they fit in
 * the limit: the task keeps them for Get Order and webhooks. Those that do not fit are
 * left out and named, never a refusal.
 */
export function platformFieldsOf(shipment: Shipment): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  const dropped: string[] = [];
  // Room for the names of what is dropped, so the whole stays within the limit.
  let room = CARRIED_FIELDS_LIMIT - 4 * 1024;
  for (const [key, value] of Object.entries(shipment)) {
    if (Object.hasOwn(shipmentFields, key) || key === DROPPED_FIELDS_KEY) continue;
    const size = Buffer.byteLength(JSON.stringify(key)) + Buffer.byteLength(JSON.stringify(value) ?? 'null') + 2;
    if (size <= room) {
      kept[key] = value;
      room -= size;
    } else if (dropped.length < 100) dropped.push(key.slice(0, 100));
  }
  return dropped.length > 0 ? { ...kept, [DROPPED_FIELDS_KEY]: dropped } : kept;
}

/** Spec 2.2: body of Create Order, Get Quotes and Create Soft Reservation. */
export const shipRequestSchema = requiredRecord('body', {
  shipRequest: requiredRecord('shipRequest', {
    provider: platformText('provider', 200).catch(null),
    carrierCode: platformText('carrierCode', 100),
    shipment: shipmentSchema,
  }),
});
export type ShipRequest = z.infer<typeof shipRequestSchema>;

/** Create Order names one carrier: its code picks the account's service plan. */
export const createOrderRequestSchema = shipRequestSchema.refine((body) => body.shipRequest.carrierCode != null, {
  message: 'carrierCode is required to pick the service plan',
  path: ['shipRequest', 'carrierCode'],
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

/** Get Quotes: `carrierCode: null` asks every fleet of the account. */
export const getQuotesRequestSchema = shipRequestSchema;

/** Create Soft Reservation: a ship request whose `extended` names a quote and a hold, read as `hold`. */
export const softReservationRequestSchema = shipRequestSchema.transform((body, ctx) => {
  const { quoteId, reservedUntil } = body.shipRequest.shipment.extended;
  const path = ['shipRequest', 'shipment', 'extended'];
  if (!quoteId) ctx.addIssue({ code: 'custom', path: [...path, 'quoteId'], message: 'extended.quoteId is required' });
  if (!reservedUntil) ctx.addIssue({ code: 'custom', path: [...path, 'reservedUntil'], message: 'extended.reservedUntil is required' });
  return quoteId && reservedUntil ? { ...body, hold: { quoteId, reservedUntil } } : z.NEVER;
});
export type SoftReservationRequest = z.infer<typeof softReservationRequestSchema>;
