import fc from 'fast-check';
import {
  cancelEventSchema,
  cancelledFulfillmentId,
  createOrderRequestSchema,
  getQuotesRequestSchema,
  noteSchema,
  orderIdsOf,
  orderRecordSchema,
  softReservationRequestSchema,
} from '@delivery/contracts';
import { partnerFulfillmentCancel, partnerReleaseOrderRecord, partnerShipRequest } from '@delivery/testing';
import { toCreateOrderRequest, toGetQuotesRequest } from '../mappers/ship-request.mapper';
import { validate } from './validate';

/**
 * The rule of docs/decisions.md ("Fields we act on and fields we carry"), per endpoint, on
 * the parse path each route takes (schema, then mapper): arbitrary JSON in any carried field
 * and arbitrary extra keys never change what the request does; every platform shape of an
 * acted-on field means the same; every refusal is a validation error naming the field.
 */

type Json = Record<string, unknown>;
const RUNS = { numRuns: 200 };
const clone = <T>(value: T): T => structuredClone(value);

/** Sets a value at a dotted path (numbers index arrays), creating nothing. */
function setAt(target: unknown, path: string, value: unknown): void {
  const keys = path.split('.');
  const parent = keys.slice(0, -1).reduce<unknown>((node, key) => (node as Json)[key], target) as Json;
  parent[keys.at(-1)!] = value;
}

/** Every object in the value, so an extra key can be put into any of them. */
function objectsIn(value: unknown): Json[] {
  if (value === null || typeof value !== 'object') return [];
  const children = Object.values(value as Json).flatMap(objectsIn);
  return Array.isArray(value) ? children : [value as Json, ...children];
}

/** Keys no reader acts on: never one of the field names read anywhere, never `__proto__`. */
const ACTED_ON_NAMES = new Set(
  [
    'shipRequest shipment carrierCode provider shipDate deliveryDate description serviceLevel fulfillmentId orderId monetaryValue',
    'currencyCode shipper recipient contact address personName phoneNumber email streetLines city stateOrProvinceCode postalCode',
    'countryCode packages contentDescription weight value weightUnits dimensions length width height units packageType extended',
    'quoteId reservedUntil CurrentObject ChangeSet EventName FulfillmentId CancelReasonId OrderId Release type note url New Old',
  ]
    .join(' ')
    .split(' '),
);
const extraKey = fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !ACTED_ON_NAMES.has(key) && key !== '__proto__');
const extraKeys = fc.array(fc.tuple(fc.nat(), extraKey, fc.jsonValue()), { maxLength: 4 });

function withExtraKeys<T>(body: T, extras: [number, string, unknown][]): T {
  const copy = clone(body);
  const objects = objectsIn(copy);
  for (const [at, key, value] of extras) objects[at % objects.length]![key] = value;
  return copy;
}

/** A carried path of the record gets any JSON value. */
const carriedValues = (paths: string[]) => fc.array(fc.tuple(fc.constantFrom(...paths), fc.jsonValue()), { maxLength: paths.length });

function withCarried<T>(body: T, values: [string, unknown][]): T {
  const copy = clone(body);
  for (const [path, value] of values) setAt(copy, path, value);
  return copy;
}

/** What a ship request makes the service do, without the carried fields it keeps. */
function shipOutcome(body: unknown) {
  const parsed = validate(softReservationRequestSchema, body);
  const { platformFieldsJson: _kept, ...order } = toCreateOrderRequest(parsed, 'acc', 'c');
  return { order, quotes: toGetQuotesRequest(parsed, 'acc', 'c'), hold: parsed.hold };
}

const aShipRequestBody = () => {
  const body = partnerShipRequest();
  Object.assign(body.shipRequest.shipment.extended, { quoteId: 'qt_1', reservedUntil: '2026-11-23T12:00:00Z' });
  return body;
};

const SHIP_CARRIED = [
  'shipRequest.Messages',
  'shipRequest.OrgId',
  'shipRequest.shipment.ShipFromLocationId',
  'shipRequest.shipment.IsHazmat',
  'shipRequest.shipment.referenceFields',
  'shipRequest.shipment.customerReferences',
  'shipRequest.shipment.dropOffType',
  'shipRequest.shipment.specialService.specialServiceTypes',
  'shipRequest.shipment.extended.robo_courier_specification',
  'shipRequest.shipment.shipper.LocationId',
  'shipRequest.shipment.shipper.contact.companyName',
  'shipRequest.shipment.recipient.address.residential',
  'shipRequest.shipment.packages.0.Items',
  'shipRequest.shipment.packages.0.insuredValue',
  'shipRequest.shipment.packages.1.PackageId',
];

/** How the platform may send a text value we act on: as is, padded, wrapped in an object, or as a change pair. */
const textShapes = (field: string, value: string) =>
  fc.constantFrom<unknown>(
    value,
    ` ${value} `,
    { [field]: value },
    { Old: 'PREVIOUS', New: value },
    { [field]: { Old: null, New: value } },
  );

const numberShapes = (value: number) => fc.constantFrom<unknown>(value, String(value), ` ${value} `, { Amount: String(value) });

const spellings = (unit: string, names: string[]) =>
  fc
    .constantFrom(...names)
    .chain((name) => fc.constantFrom(name, name.toLowerCase(), `${name[0]}${name.slice(1).toLowerCase()}`, `${name}.`));

/** Each acted-on field of the ship request, with the shapes that mean what the record says. */
const SHIP_SHAPES: [string, fc.Arbitrary<unknown>][] = [
  ['shipRequest.carrierCode', textShapes('carrierCode', 'OWNFLEET')],
  ['shipRequest.shipment.fulfillmentId', textShapes('fulfillmentId', 'FUL-1001')],
  ['shipRequest.shipment.orderId', textShapes('orderId', 'ORD-1001')],
  ['shipRequest.shipment.serviceLevel', textShapes('serviceLevel', 'EXPRESS')],
  ['shipRequest.shipment.currencyCode', fc.constantFrom<unknown>('USD', 'usd', ' Usd ', { currencyCode: 'USD' })],
  ['shipRequest.shipment.monetaryValue', numberShapes(120.5)],
  [
    'shipRequest.shipment.shipDate',
    fc.constantFrom<unknown>(
      '2026-11-23T10:00:00.123456-05:00',
      '2026-11-23T15:00:00.123Z',
      '2026-11-23 15:00:00.123+00:00',
      '2026-11-23T10:00:00.123-0500',
      '2026-11-23T20:00:00.123+05',
      Date.parse('2026-11-23T15:00:00.123Z'),
    ),
  ],
  ['shipRequest.shipment.deliveryDate', fc.constantFrom<unknown>('2026-11-23T18:00:00Z', '2026-11-23T18:00', '2026-11-23 18:00:00.000000')],
  ['shipRequest.shipment.recipient.address.postalCode', textShapes('postalCode', '62704-1234')],
  ['shipRequest.shipment.shipper.address.postalCode', fc.constantFrom<unknown>(62701, '62701', { postalCode: 62701 })],
  [
    'shipRequest.shipment.recipient.address.streetLines',
    fc.constantFrom<unknown>(['12 Elm St', 'Apt 3'], ['12 Elm St', null, 'Apt 3', '']),
  ],
  ['shipRequest.shipment.packages.0.weight.value', numberShapes(2.5)],
  ['shipRequest.shipment.packages.1.weight.weightUnits', spellings('OZ', ['OZ', 'OUNCE', 'OUNCES'])],
  ['shipRequest.shipment.packages.1.dimensions.units', spellings('MM', ['MM', 'MILLIMETER', 'MILLIMETRES'])],
  ['shipRequest.shipment.packages.1.dimensions.length', numberShapes(300)],
  [
    'shipRequest.shipment.IsSignatureRequired',
    fc.constantFrom<unknown>('N', 'n', ' NO ', false, 'false', 0, null, '', { IsSignatureRequired: 'N' }),
  ],
  [
    'shipRequest.shipment.specialService.signatureOptionDetail.optionType',
    fc.constantFrom<unknown>('ADULT', ' adult ', 'Adult', { optionType: 'ADULT' }, { Old: 'DIRECT', New: 'ADULT' }),
  ],
];

describe('platform payloads: ship requests (Create Order, Get Quotes, Create Soft Reservation)', () => {
  const baseline = shipOutcome(aShipRequestBody());

  it('read the full record', () => {
    expect(baseline.order).toMatchObject({ carrierCode: 'OWNFLEET', orderId: 'ORD-1001', shipDate: '2026-11-23T15:00:00.123Z' });
    for (const schema of [createOrderRequestSchema, getQuotesRequestSchema])
      expect(schema.safeParse(aShipRequestBody()).success).toBe(true);
  });

  it('do the same whatever JSON the carried fields hold and whatever extra keys come', () => {
    fc.assert(
      fc.property(carriedValues(SHIP_CARRIED), extraKeys, (carried, extras) => {
        expect(shipOutcome(withExtraKeys(withCarried(aShipRequestBody(), carried), extras))).toEqual(baseline);
      }),
      RUNS,
    );
  });

  it('read every platform shape of the fields they act on as the same value', () => {
    const shapes = fc.tuple(
      ...SHIP_SHAPES.map(([path, shape]) =>
        fc.option(
          shape.map((value) => [path, value] as const),
          { nil: undefined },
        ),
      ),
    );
    fc.assert(
      fc.property(shapes, (chosen) => {
        const body = aShipRequestBody();
        for (const pair of chosen) if (pair) setAt(body, pair[0], pair[1]);
        expect(shipOutcome(body)).toEqual(baseline);
      }),
      RUNS,
    );
  });

  it('convert weights and dimensions to kilograms and centimetres from any unit', () => {
    const sameBox: [unknown, unknown][] = [
      [
        { value: 2.5, weightUnits: 'KG' },
        { length: 12, width: 8, height: 5, units: 'IN' },
      ],
      [
        { value: 2500, weightUnits: 'g' },
        { length: 1, width: 8 / 12, height: 5 / 12, units: 'ft' },
      ],
      [
        { value: '88.18490487395103', weightUnits: 'OZ' },
        { length: 304.8, width: 203.2, height: 127, units: 'mm' },
      ],
    ];
    const outcomes = sameBox.map(([weight, dimensions]) => {
      const body = aShipRequestBody();
      setAt(body, 'shipRequest.shipment.packages.0.weight', weight);
      setAt(body, 'shipRequest.shipment.packages.0.dimensions', dimensions);
      return shipOutcome(body).quotes.packages?.[0];
    });
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(outcomes[2]).toEqual(outcomes[0]);
    expect(outcomes[0]).toMatchObject({ weightKg: 2.5, dimensionsCm: { length: 30.5, width: 20.3, height: 12.7, units: 'CM' } });
  });

  /** A field we act on, a value it cannot use, and the name the refusal must carry. */
  const REFUSED: [string, unknown, string][] = [
    ['shipRequest.shipment.fulfillmentId', '', 'fulfillmentId'],
    ['shipRequest.shipment.fulfillmentId', '   ', 'fulfillmentId'],
    ['shipRequest.shipment.fulfillmentId', 'FUL\u00001', 'fulfillmentId'],
    ['shipRequest.shipment.fulfillmentId', null, 'fulfillmentId'],
    ['shipRequest.shipment.orderId', ['ORD-1', 'ORD-2'], 'orderId'],
    ['shipRequest.shipment.orderId', 'ORD\n1', 'orderId'],
    ['shipRequest.shipment.serviceLevel', {}, 'serviceLevel'],
    ['shipRequest.shipment.shipDate', 'next tuesday', 'shipDate'],
    ['shipRequest.shipment.shipDate', '2026-02-30T10:00:00Z', 'shipDate'],
    ['shipRequest.shipment.deliveryDate', '2026-11-22T10:00:00Z', 'deliveryDate'],
    ['shipRequest.shipment.deliveryDate', { when: 'soon', or: 'later' }, 'deliveryDate'],
    ['shipRequest.shipment.monetaryValue', -1, 'monetaryValue'],
    ['shipRequest.shipment.monetaryValue', '1e999', 'monetaryValue'],
    ['shipRequest.shipment.monetaryValue', 'a lot', 'monetaryValue'],
    ['shipRequest.shipment.currencyCode', 'US Dollar', 'currencyCode'],
    ['shipRequest.shipment.packages.0.weight.value', '-2.5', 'weight.value'],
    ['shipRequest.shipment.packages.0.weight.value', '1e400', 'weight.value'],
    ['shipRequest.shipment.packages.0.weight.value', null, 'weight.value'],
    ['shipRequest.shipment.packages.0.weight.weightUnits', 'STONE', 'weightUnits'],
    ['shipRequest.shipment.packages.1.dimensions.length', -4, 'dimensions.length'],
    ['shipRequest.shipment.packages.1.dimensions.units', 'PARSEC', 'dimensions.units'],
    ['shipRequest.shipment.packages', [], 'packages'],
    ['shipRequest.shipment.recipient', 'next door', 'recipient'],
    ['shipRequest.shipment.recipient.address.city', 'x'.repeat(201), 'city'],
  ];

  it.each(REFUSED)('refuse %s = %j with a message naming %s', (path, value, name) => {
    const body = aShipRequestBody();
    setAt(body, path, value);
    expect(() => shipOutcome(body)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', message: expect.stringContaining(name) }));
  });

  it('refuse a Create Order without a carrier code, and a soft reservation without its quote, by name', () => {
    const body = aShipRequestBody();
    setAt(body, 'shipRequest.carrierCode', null);
    expect(() => validate(createOrderRequestSchema, body)).toThrow(/carrierCode/);
    setAt(body, 'shipRequest.shipment.extended', { robo_courier_specification: { mode: 'auto' } });
    expect(() => validate(softReservationRequestSchema, body)).toThrow(/extended\.quoteId.*extended\.reservedUntil/);
  });
});

describe('platform payloads: Cancel Order (FulfillmentCancel event)', () => {
  const outcome = (body: unknown) => cancelledFulfillmentId(validate(cancelEventSchema, body));
  const CURRENT = Object.keys(partnerFulfillmentCancel().CurrentObject).filter((key) => key !== 'FulfillmentId');
  const CHANGES = Object.keys(partnerFulfillmentCancel().ChangeSet).filter((key) => key !== 'FulfillmentId');
  const CARRIED = ['Messages', ...CURRENT.map((key) => `CurrentObject.${key}`), ...CHANGES.map((key) => `ChangeSet.${key}`)];

  it('names the order whatever JSON the rest of the event holds and whatever extra keys come', () => {
    fc.assert(
      fc.property(carriedValues(CARRIED), extraKeys, (carried, extras) => {
        expect(outcome(withExtraKeys(withCarried(partnerFulfillmentCancel(), carried), extras))).toBe('FUL-1001');
      }),
      RUNS,
    );
  });

  it('reads the fulfillment id in every platform shape, from the current object or the change set', () => {
    fc.assert(
      fc.property(textShapes('FulfillmentId', 'FUL-1001'), fc.boolean(), (shape, inChangeSet) => {
        const event = partnerFulfillmentCancel();
        if (inChangeSet) {
          setAt(event, 'CurrentObject.FulfillmentId', null);
          setAt(event, 'ChangeSet.FulfillmentId', shape);
        } else setAt(event, 'CurrentObject.FulfillmentId', shape);
        expect(outcome(event)).toBe('FUL-1001');
      }),
      RUNS,
    );
  });

  it.each<[string, unknown]>([
    ['CurrentObject.FulfillmentId', 'FUL\u00071'],
    ['CurrentObject.FulfillmentId', ['FUL-1', 'FUL-2']],
    ['EventName', 'FulfillmentCreate'],
  ])('refuses %s = %j by name', (path, value) => {
    const event = partnerFulfillmentCancel();
    setAt(event, path, value);
    expect(() => outcome(event)).toThrow(expect.objectContaining({ message: expect.stringContaining(path.split('.').at(-1)!) }));
  });

  it('refuses an event that names no fulfillment, by name', () => {
    const event = partnerFulfillmentCancel();
    setAt(event, 'CurrentObject.FulfillmentId', null);
    setAt(event, 'ChangeSet.FulfillmentId', '');
    expect(() => outcome(event)).toThrow(/FulfillmentId/);
  });
});

describe('platform payloads: Create Hard Reservation (release order record)', () => {
  const outcome = (body: unknown) => orderIdsOf(validate(orderRecordSchema, body));
  const record = partnerReleaseOrderRecord();
  const CARRIED = [
    ...Object.keys(record).filter((key) => key !== 'OrderId' && key !== 'Release'),
    ...Object.keys(record.Release[0]!)
      .filter((key) => key !== 'OrderId')
      .map((key) => `Release.0.${key}`),
  ];

  it('names the same orders whatever JSON the rest of the record holds and whatever extra keys come', () => {
    fc.assert(
      fc.property(carriedValues(CARRIED), extraKeys, (carried, extras) => {
        expect(outcome(withExtraKeys(withCarried(partnerReleaseOrderRecord(), carried), extras))).toEqual(['ORD-2001']);
      }),
      RUNS,
    );
  });

  it('reads the order id in every platform shape, and a single release sent as an object', () => {
    fc.assert(
      fc.property(textShapes('OrderId', 'ORD-2001'), fc.boolean(), (shape, single) => {
        const body = partnerReleaseOrderRecord();
        setAt(body, 'Release.0.OrderId', shape);
        expect(outcome(single ? { ...body, Release: body.Release[0] } : body)).toEqual(['ORD-2001']);
      }),
      RUNS,
    );
  });

  it('refuses an order id with control characters by name', () => {
    const body = partnerReleaseOrderRecord();
    setAt(body, 'Release.0.OrderId', 'ORD\u00002001');
    expect(() => outcome(body)).toThrow(/OrderId/);
  });
});

describe('platform payloads: notes (v1 and legacy paths)', () => {
  const outcome = (body: unknown) => {
    const { type, note } = validate(noteSchema, body);
    return { type, note };
  };
  const aNote = () => ({
    type: 0,
    note: 'Gate code 4521',
    company_id: 12,
    timestamp: String(Date.now()),
    access_token: 't',
    signature: 's',
  });

  it('store the same note whatever JSON the other fields hold and whatever extra keys come', () => {
    fc.assert(
      fc.property(carriedValues(['company_id', 'timestamp', 'access_token', 'signature']), extraKeys, (carried, extras) => {
        expect(outcome(withExtraKeys(withCarried(aNote(), carried), extras))).toEqual({ type: 0, note: 'Gate code 4521' });
      }),
      RUNS,
    );
  });

  it('read the type as a number, numeric text or a wrapped value', () => {
    for (const type of [1, '1', ' 1 ', { type: '1' }]) {
      expect(outcome({ type, note: [['Item'], ['Vase']] })).toEqual({ type: 1, note: [['Item'], ['Vase']] });
    }
  });

  it('refuse an unknown type by name', () => {
    expect(() => outcome({ type: '7', note: 'x' })).toThrow(/type/);
  });
});
