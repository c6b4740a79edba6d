import fc from 'fast-check';
import {
  CARRIED_FIELDS_LIMIT,
  createOrderRequestSchema,
  DROPPED_FIELDS_KEY,
  platformFieldsOf,
  shipRequestSchema,
  softReservationRequestSchema,
} from './ship-request.schema';
import { isoTimestamp, platformTimestamp, toInstant } from './timestamp.schema';

const party = { contact: { personName: 'A' }, address: { streetLines: ['1 St'], city: 'C' } };
const shipment = {
  serviceLevel: 'EXPRESS',
  orderId: 'O1',
  fulfillmentId: 'F1',
  shipper: party,
  recipient: party,
  packages: [{ weight: { value: 1, weightUnits: 'KG' } }],
};

describe('ship request schemas', () => {
  it('keep fields they do not read instead of rejecting them', () => {
    const parsed = shipRequestSchema.parse({
      shipRequest: { carrierCode: null, shipment: { ...shipment, OrgId: 'X' }, extra: 1 },
      top: true,
    });
    expect(parsed).toMatchObject({ top: true, shipRequest: { extra: 1, shipment: { OrgId: 'X' } } });
  });

  it('accept the Get Quotes variant with a null carrier code and its optional fields', () => {
    expect(
      shipRequestSchema.safeParse({
        shipRequest: {
          carrierCode: null,
          Messages: null,
          shipment: { ...shipment, customerReferences: [], dropOffType: null, specialService: null },
        },
      }).success,
    ).toBe(true);
  });

  it('require a carrier code for Create Order', () => {
    expect(createOrderRequestSchema.safeParse({ shipRequest: { carrierCode: null, shipment } }).success).toBe(false);
    expect(createOrderRequestSchema.safeParse({ shipRequest: { carrierCode: 'OWN', shipment } }).success).toBe(true);
  });

  it('require quoteId and reservedUntil for a soft reservation', () => {
    const extended = { robo_courier_specification: { mode: 'auto' }, quoteId: 'q1', reservedUntil: '2026-11-23T10:00:00.000000Z' };
    expect(
      softReservationRequestSchema.safeParse({ shipRequest: { carrierCode: null, shipment: { ...shipment, extended } } }).success,
    ).toBe(true);
    expect(
      softReservationRequestSchema.safeParse({ shipRequest: { carrierCode: null, shipment: { ...shipment, extended: { quoteId: 'q1' } } } })
        .success,
    ).toBe(false);
  });

  it('refuse an order without packages or with a negative weight', () => {
    expect(
      createOrderRequestSchema.safeParse({ shipRequest: { carrierCode: 'OWN', shipment: { ...shipment, packages: [] } } }).success,
    ).toBe(false);
    const negative = { ...shipment, packages: [{ weight: { value: -1, weightUnits: 'KG' } }] };
    expect(createOrderRequestSchema.safeParse({ shipRequest: { carrierCode: 'OWN', shipment: negative } }).success).toBe(false);
  });
});

describe('timestamps', () => {
  it.each([
    '2026-11-22T10:00:00Z',
    '2026-11-22T10:00:00.123Z',
    '2026-11-22T10:00:00.123456+05:30',
    '2026-11-22T10:00:00-08:00',
    '2026-11-22T10:00:00',
  ])('accept %s', (value) => expect(isoTimestamp.safeParse(value).success).toBe(true));

  it.each(['22/11/2026', '2026-11-22', '2026-11-22T25:00:00Z', ''])('refuse %s', (value) => {
    expect(isoTimestamp.safeParse(value).success).toBe(false);
  });

  it('read an instant from any precision and offset, no offset as UTC', () => {
    expect(toInstant('2026-11-22T10:00:00.123456+01:00').toISOString()).toBe('2026-11-22T09:00:00.123Z');
    expect(toInstant('2026-11-22T10:00:00').toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });
});

describe('platform timestamps', () => {
  const ship = platformTimestamp('shipDate', 'start');
  const delivery = platformTimestamp('deliveryDate', 'end');

  it.each([
    ['2026-11-22T10:00:00.123456+05:30', '2026-11-22T04:30:00.123Z'],
    ['2026-11-22T10:00:00-0800', '2026-11-22T18:00:00.000Z'],
    ['2026-11-22T10:00:00+01', '2026-11-22T09:00:00.000Z'],
    ['2026-11-22 10:00:00', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22T10:00', '2026-11-22T10:00:00.000Z'],
    [1795341600000, '2026-11-22T10:00:00.000Z'],
  ])('read %j as %s', (given, instant) => expect(ship.parse(given)).toBe(instant));

  it('read a date alone as the start of the day to ship, the end of the day to deliver', () => {
    expect(ship.parse('2026-11-22')).toBe('2026-11-22T00:00:00.000Z');
    expect(delivery.parse('2026-11-22')).toBe('2026-11-22T23:59:59.999Z');
  });

  it('read blank or null as none', () => {
    expect(ship.parse('  ')).toBeNull();
    expect(ship.parse(null)).toBeNull();
  });

  it.each(['22/11/2026', '2026-11-22T25:00:00Z', '2026-02-30', 'soon', 1e20])('refuse %j by name', (given) => {
    expect(ship.safeParse(given).error?.issues[0]?.message).toMatch(/^shipDate /);
  });
});

describe('carried platform fields', () => {
  const shipmentWith = (extra: Record<string, unknown>) =>
    shipRequestSchema.parse({
      shipRequest: {
        carrierCode: 'C',
        shipment: { ...shipment, ...extra },
      },
    }).shipRequest.shipment;

  it('keeps the fields as given while they fit, and names those left out instead of refusing', () => {
    const fields = platformFieldsOf(shipmentWith({ storeId: '12', huge: 'x'.repeat(1024 * 1024), after: { a: 1 } }));
    expect(fields).toEqual({ storeId: '12', after: { a: 1 }, [DROPPED_FIELDS_KEY]: ['huge'] });
  });

  it('never carries more than the limit, and loses no field without naming it', () => {
    const ours = new Set([
      ...Object.keys(shipment),
      'shipDate',
      'deliveryDate',
      'description',
      'monetaryValue',
      'currencyCode',
      'extended',
      '__proto__',
      DROPPED_FIELDS_KEY,
    ]);
    const extras = fc
      .dictionary(fc.string({ maxLength: 20 }), fc.oneof(fc.jsonValue(), fc.string({ minLength: 10_000, maxLength: 40_000 })))
      .map((extra) => Object.fromEntries(Object.entries(extra).filter(([key]) => !ours.has(key))));
    fc.assert(
      fc.property(extras, (extra) => {
        const given = shipmentWith(extra) as Record<string, unknown>;
        const fields = platformFieldsOf(shipmentWith(extra));
        expect(Buffer.byteLength(JSON.stringify(fields))).toBeLessThanOrEqual(CARRIED_FIELDS_LIMIT);
        const dropped = (fields[DROPPED_FIELDS_KEY] as string[] | undefined) ?? [];
        // What the schema passed on of the extras (it keeps own keys only) is what must be carried or named.
        for (const key of Object.keys(extra).filter((k) => Object.hasOwn(given, k))) {
          if (Object.hasOwn(fields, key)) expect(fields[key]).toEqual(given[key]);
          else expect(dropped).toContain(key);
        }
      }),
      { numRuns: 40 },
    );
  });
});
