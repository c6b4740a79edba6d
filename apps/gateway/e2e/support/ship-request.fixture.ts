import { randomBytes } from 'node:crypto';
import { DEMO_CARRIER, DEMO_LEVEL } from './standalone-harness';

/** A Create Order body shaped like the caller's, with fresh external ids. */
export function aShipRequest(overrides: { carrierCode?: string; serviceLevel?: string; orderId?: string; fulfillmentId?: string } = {}) {
  const unique = randomBytes(4).toString('hex').toUpperCase();
  return {
    shipRequest: {
      provider: 'Demo Own Fleet',
      carrierCode: overrides.carrierCode ?? DEMO_CARRIER,
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
