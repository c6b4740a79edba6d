import { randomBytes } from 'node:crypto';
import { DEMO_CARRIER, DEMO_LEVEL } from './standalone-harness';

/** A Create Order body shaped like the caller's, with fresh external ids. */
export function aShipRequest(
  overrides: { carrierCode?: string | null; serviceLevel?: string; orderId?: string; fulfillmentId?: string } = {},
) {
  const unique = randomBytes(4).toString('hex').toUpperCase();
  return {
    shipRequest: {
      provider: 'Demo Own Fleet',
      carrierCode: 'carrierCode' in overrides ? (overrides.carrierCode ?? null) : DEMO_CARRIER,
      Messages: null,
      shipment: {
        shipDate: '2026-11-23T10:00:00.123456-05:00',
        deliveryDate: '2026-11-23T18:00:00Z',
        description: `PKG-${unique}`,
        serviceLevel: overrides.serviceLevel ?? DEMO_LEVEL,
        fulfillmentId: overrides.fulfillmentId ?? `FUL-${unique}`,
        orderId: overrides.orderId ?? `ORD-${unique}`,
        monetaryValue: '120.50',
        currencyCode: 'USD',
        shipper: {
          contact: { personName: 'Store 12', phoneNumber: '+15550100', email: 'store12@example.com' },
          address: { streetLines: ['1 Market St'], city: 'Springfield', stateOrProvinceCode: 'IL', postalCode: '62701' },
        },
        recipient: {
          contact: { personName: 'Ada Lovelace', phoneNumber: '+15550199', email: 'ada@example.com' },
          address: { streetLines: ['12 Elm St', 'Apt 3'], city: 'Springfield', stateOrProvinceCode: 'IL', postalCode: '62704' },
        },
        referenceFields: [{ key: 'storeId', value: '12' }],
        packages: [
          { contentDescription: 'Shoes', weight: { value: 2.5, weightUnits: 'KG' }, dimensions: { length: 12, width: 8, height: 5 } },
          {
            contentDescription: 'Socks',
            weight: { value: 1, weightUnits: 'LB' },
            dimensions: { length: 4, width: 4, height: 2, units: 'IN' },
            packageType: 'CUSTOM_PACKAGE',
          },
        ],
        aFieldWeDoNotRead: { nested: true },
      },
    },
  };
}

/** A FulfillmentCancel event as the caller's platform sends it. */
export function aCancelEvent(fulfillmentId: string) {
  return {
    Messages: null,
    EventName: 'FulfillmentCancel',
    CurrentObject: {
      FulfillmentId: fulfillmentId,
      ServiceLevelCode: 'EXPRESS',
      CarrierCode: 'OWNFLEET',
      CancelReasonId: 'CustomerRequest',
      MinStatusId: '9000.000',
      MaxStatusId: '9000.000',
      Packages: [{ PackageId: 'P1', StatusId: '9000.000' }],
      FulfillmentLine: [],
    },
    ChangeSet: {
      FulfillmentId: fulfillmentId,
      MinStatusId: '9000.000',
      MaxStatusId: '9000.000',
      CancelReasonId: 'CustomerRequest',
      PK: '123',
    },
  };
}

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
export function aReleaseOrderRecord(orderId: string) {
  return {
    OrgId: 'RETAILER',
    OrderId: orderId,
    FulfillmentStatus: 'Released',
    IsConfirmed: true,
    OrderType: { OrderTypeId: 'SameDay' },
    OrderTotal: 120.5,
    PaymentStatus: { PaymentStatusId: 'Authorized' },
    CapturedDate: '2026-11-22T08:55:00.123',
    OrderMilestone: [{ MilestoneDefinitionId: 'Order::Milestone::Released' }],
    Release: [
      {
        ReleaseId: `${orderId}-R1`,
        OrderId: orderId,
        CarrierCode: 'OWNFLEET',
        ShipViaId: 'OWNFLEET_EXPRESS',
        ServiceLevelCode: 'EXPRESS',
        ShipFromLocationId: 'STORE-12',
        DeliveryMethodId: 'ShipToAddress',
        DestinationAction: 'Delivery',
        ReleaseLine: [{ ItemId: 'SKU-1', Quantity: 1 }],
      },
    ],
    ChangeLog: null,
    PK: '7791',
    Unique_Identifier: `${orderId}__7791`,
  };
}
