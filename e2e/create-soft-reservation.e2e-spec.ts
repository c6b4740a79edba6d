import { shipResponseSchema, type ReservationEvent } from '@delivery/contracts';
import { eventually } from '@delivery/testing';
import { minutesFromNow, quotesFor } from './support/planned-flow';
import { aSoftReservation } from './support/ship-request.fixture';
import {
  call,
  collectOrderEvents,
  createOtherAccount,
  startHarness,
  tokenFor,
  V1_ORDERS,
  V2,
  type Harness,
} from './support/standalone-harness';

describe('POST /partner-integrations-service/v2/integrations/partner/orders (Create Soft Reservation)', () => {
  let harness: Harness;
  let token: string;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.stop());
  // Tests move the clock; a write token lives 30 minutes.
  beforeEach(async () => {
    token = await tokenFor(harness);
  });

  const reserve = (json: unknown, as = token) => call(harness, 'POST', `${V2}/orders`, { token: as, json });
  const failureOf = (body: any) => body.notifications[0];

  it("holds the quote's fleet and windows: the order exists with ready_to_execute false", async () => {
    const collector = await collectOrderEvents<ReservationEvent>(harness);
    const [quote] = await quotesFor(harness, token);
    const { status, body } = await reserve(aSoftReservation(quote!.id, minutesFromNow(harness, 20)));
    expect(status).toBe(200);
    const shipment = shipResponseSchema.parse(body).completedShipments![0]!;
    expect(shipment).toMatchObject({
      status: 'reserved',
      ready_to_execute: false,
      carrierName: 'Demo Own Fleet',
      shippingCharge: { totalCharge: { amount: quote!.fee / 100, currency: 'USD' } },
      reservation: {
        quote_id: quote!.id,
        fleet: { id: 1, name: 'Demo Own Fleet', fleet_type: 0 },
        pickup_window: quote!.pickup_window,
        dropoff_window: quote!.dropoff_window,
        reserved_until: minutesFromNow(harness, 20),
        confirmed_at: null,
      },
    });
    const fetched = await call(harness, 'GET', `${V1_ORDERS}/${shipment.task_id}`, { token });
    expect(fetched.body.completedShipments[0]).toMatchObject({ ready_to_execute: false, status: 'reserved' });
    await eventually(() => expect(collector.events.find((e) => e.subject === shipment.task_id)?.type).toBe('ReservationCreated'));
    await collector.stop();
  });

  it('returns the same reservation when the same request comes again', async () => {
    const [quote] = await quotesFor(harness, token);
    const request = aSoftReservation(quote!.id, minutesFromNow(harness, 20));
    const first = await reserve(request);
    const again = await reserve(request);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.completedShipments[0].task_id).toBe(first.body.completedShipments[0].task_id);
  });

  it('refuses a quote already used by another order with 409', async () => {
    const [quote] = await quotesFor(harness, token);
    await reserve(aSoftReservation(quote!.id, minutesFromNow(harness, 20)));
    const { status, body } = await reserve(aSoftReservation(quote!.id, minutesFromNow(harness, 20)));
    expect(status).toBe(409);
    expect(body).toMatchObject({ severityType: 'ERROR', provider: null, completedShipments: [] });
    expect(failureOf(body)).toMatchObject({
      errorCode: 'QUOTE_ALREADY_USED',
      message: `Quote ${quote!.id} is already used by another reservation`,
    });
  });

  it('refuses an expired quote with 422', async () => {
    const [quote] = await quotesFor(harness, token);
    harness.clock.advance(31 * 60_000);
    const { status, body } = await reserve(aSoftReservation(quote!.id, minutesFromNow(harness, 20)), await tokenFor(harness));
    expect(status).toBe(422);
    expect(failureOf(body)).toMatchObject({ errorCode: 'QUOTE_EXPIRED', message: `Quote ${quote!.id} expired at ${quote!.expiry_time}` });
  });

  it("answers another account's quote exactly like an unknown one", async () => {
    const [quote] = await quotesFor(harness, token);
    const other = await tokenFor(harness, await createOtherAccount(harness));
    const theirs = await reserve(aSoftReservation(quote!.id, minutesFromNow(harness, 20)), other);
    const unknown = await reserve(aSoftReservation('qte_000000000000000000000000', minutesFromNow(harness, 20)), other);
    expect(theirs.status).toBe(422);
    expect(failureOf(theirs.body)).toMatchObject({ errorCode: 'QUOTE_NOT_FOUND', message: `Quote ${quote!.id} not found` });
    expect(JSON.stringify(theirs.body).replace(quote!.id, 'ID')).toBe(
      JSON.stringify(unknown.body).replace('qte_000000000000000000000000', 'ID'),
    );
  });

  it('refuses a hold that ends in the past, and a reservation without quoteId, with 400', async () => {
    const [quote] = await quotesFor(harness, token);
    expect((await reserve(aSoftReservation(quote!.id, minutesFromNow(harness, -1)))).status).toBe(400);
    const request = aSoftReservation(quote!.id, minutesFromNow(harness, 20)) as any;
    delete request.shipRequest.shipment.extended.quoteId;
    const { status, body } = await reserve(request);
    expect(status).toBe(400);
    expect(failureOf(body).message).toContain('extended.quoteId');
  });

  it('holds no longer than the pickup window starts', async () => {
    const [quote] = await quotesFor(harness, token);
    const { body } = await reserve(aSoftReservation(quote!.id, '2026-12-31T00:00:00Z'));
    expect(body.completedShipments[0].reservation.reserved_until).toBe(quote!.pickup_window.start_time);
  });

  it.each([
    // Before the quotes' pickup window (the 23rd, 10:00 UTC), whatever the clock did in earlier tests.
    ['no fraction', '2026-11-23T08:00:00Z', '2026-11-23T08:00:00.000Z'],
    ['milliseconds', '2026-11-23T09:00:00.250+01:00', '2026-11-23T08:00:00.250Z'],
    ['microseconds', '2026-11-23T08:00:00.123456Z', '2026-11-23T08:00:00.123Z'],
  ])('reads reservedUntil with %s', async (_, reservedUntil, held) => {
    const [quote] = await quotesFor(harness, token);
    const { status, body } = await reserve(aSoftReservation(quote!.id, reservedUntil));
    expect(status).toBe(200);
    expect(body.completedShipments[0].reservation.reserved_until).toBe(held);
  });
});
