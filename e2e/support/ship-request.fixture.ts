import { randomBytes } from 'node:crypto';
import { partnerFulfillmentCancel, partnerReleaseOrderRecord, partnerShipRequest } from '@delivery/testing';
import { DEMO_CARRIER, DEMO_LEVEL } from './standalone-harness';

/**
 * A Create Order body: the partner platform's full ship request (libs/testing partner-records),
 * with fresh external ids and the demo account's carrier and level unless given.
 */
export function aShipRequest(
  overrides: {
    carrierCode?: string | null;
    serviceLevel?: string;
    orderId?: string;
    fulfillmentId?: string;
    specialService?: unknown;
  } = {},
) {
  const unique = randomBytes(4).toString('hex').toUpperCase();
  const { shipRequest } = partnerShipRequest({
    fulfillmentId: overrides.fulfillmentId ?? `FUL-${unique}`,
    orderId: overrides.orderId ?? `ORD-${unique}`,
  });
  return {
    shipRequest: {
      ...shipRequest,
      carrierCode: 'carrierCode' in overrides ? (overrides.carrierCode ?? null) : DEMO_CARRIER,
      shipment: {
        ...shipRequest.shipment,
        description: `PKG-${unique}`,
        serviceLevel: overrides.serviceLevel ?? DEMO_LEVEL,
        // The full record asks an adult's signature; the suites about other things send an order that requires nothing.
        specialService: overrides.specialService ?? { specialServiceTypes: [] },
      },
    },
  };
}

/** A FulfillmentCancel event as the caller's platform sends it. */
export const aCancelEvent = (fulfillmentId: string) => partnerFulfillmentCancel(fulfillmentId);

/**
 * A Get Quotes body: a ship request whose dates leave the demo fleets room (the harness
 * clock starts at 2026-11-22T09:00Z; pickup from the 23rd, delivered by 20:00 that day).
 */
export function aQuoteRequest(overrides: Parameters<typeof aShipRequest>[0] = {}) {
  const request = aShipRequest({ carrierCode: null, ...overrides });
  request.shipRequest.shipment.shipDate = '2026-11-23T10:00:00.000000Z';
  request.shipRequest.shipment.deliveryDate = '2026-11-23T20:00:00Z';
  return request;
}

/** A Create Soft Reservation body for a quote from a Get Quotes answer. */
export function aSoftReservation(quoteId: string, reservedUntil: string, overrides: Parameters<typeof aShipRequest>[0] = {}) {
  const request = aQuoteRequest(overrides);
  return {
    shipRequest: {
      ...request.shipRequest,
      shipment: { ...request.shipRequest.shipment, extended: { robo_courier_specification: { mode: 'auto' }, quoteId, reservedUntil } },
    },
  };
}

/** A release order record (Create Hard Reservation body) naming the caller's order id. */
export const aReleaseOrderRecord = (orderId: string) => partnerReleaseOrderRecord(orderId);
