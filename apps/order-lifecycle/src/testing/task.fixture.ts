import type { Task, TimeWindow } from '../domain/task';

/** A complete task for tests; override what a test is about. */
export function aTask(overrides: Partial<Task> = {}): Task {
  const charge = {
    base: { amount: 5, currency: 'USD' },
    weight: { amount: 1, currency: 'USD' },
    total: { amount: 6, currency: 'USD' },
  };
  return {
    id: 'tsk_000000000000000000000001',
    accountId: 'acc_1',
    shipmentId: 'SHP00000000000000000001',
    status: 'created',
    readyToExecute: true,
    orderId: 'ORD-1',
    fulfillmentId: 'FUL-1',
    provider: 'Own Fleet',
    carrierCode: 'OWN',
    carrierName: 'Own Fleet',
    serviceLevel: 'EXPRESS',
    shipDate: '2026-11-22T10:00:00.000Z',
    deliveryDate: '2026-11-22T18:00:00.000Z',
    description: 'PKG-1',
    monetaryValue: '120.50',
    currencyCode: 'USD',
    platformFieldsJson: JSON.stringify({ referenceFields: [{ key: 'storeId', value: '12' }] }),
    wayPoints: [
      {
        id: 'wp_pickup',
        type: 'pickup',
        party: {
          contact: { personName: 'Store 12', phoneNumber: '+15550100', email: null },
          address: { streetLines: ['1 Market St'], city: 'Springfield', stateOrProvinceCode: 'IL', postalCode: '62701', countryCode: null },
        },
      },
      {
        id: 'wp_dropoff',
        type: 'dropoff',
        party: {
          contact: { personName: 'Ada Lovelace', phoneNumber: '+15550199', email: 'ada@example.com' },
          address: {
            streetLines: ['12 Elm St', 'Apt 3'],
            city: 'Springfield',
            stateOrProvinceCode: 'IL',
            postalCode: '62704',
            countryCode: null,
          },
        },
      },
    ],
    packages: [
      {
        packageId: 'pkg_1',
        trackingNumber: '900000000000000001',
        contentDescription: 'Shoes',
        packageType: 'CUSTOM_PACKAGE',
        weightKg: 2,
        charge,
      },
      {
        packageId: 'pkg_2',
        trackingNumber: '900000000000000002',
        contentDescription: 'Socks',
        packageType: 'CUSTOM_PACKAGE',
        weightKg: 0.5,
        charge,
      },
    ],
    billingWeightKg: 2.5,
    charge,
    documents: [{ documentId: 'doc_1', documentType: 'LABEL', formatType: 'ZPLII' }],
    createdAt: '2026-11-22T09:00:00.000Z',
    updatedAt: '2026-11-22T09:00:00.000Z',
    cancelledAt: null,
    cancelReasonId: null,
    reservation: null,
    version: 1,
    ...overrides,
  };
}

/** A confirmed reservation (a Planned order's) with the given drop-off window. */
export function aReservation(dropoffWindow: TimeWindow): NonNullable<Task['reservation']> {
  return {
    quoteId: 'quo_1',
    fleet: { id: 1, name: 'Vans', fleetType: 0 },
    pickupWindow: { startTime: '2026-11-22T10:00:00.000Z', endTime: '2026-11-22T12:00:00.000Z' },
    dropoffWindow,
    heldUntil: '2026-11-22T09:00:00.000Z',
    confirmedAt: '2026-11-22T08:00:00.000Z',
    releasedAt: null,
  };
}
