import { problemDocumentSchema, type ReservationEvent } from '@delivery/contracts';
import { eventually, startFleetServer } from '@delivery/testing';
import { minutesFromNow, quotesFor } from './support/planned-flow';
import { aReleaseOrderRecord, aSoftReservation } from './support/ship-request.fixture';
import { call, collectOrderEvents, startHarness, tokenFor, V1_ORDERS, V2, type Harness } from './support/standalone-harness';

describe('PATCH /partner-integrations-service/v2/integrations/partner/orders (Create Hard Reservation)', () => {
  let harness: Harness;
  let token: string;

  beforeAll(async () => {
    harness = await startHarness({ webhooks: { urlPolicy: { allowHttp: true, allowPrivateNetworks: true } } });
  });
  afterAll(() => harness.stop());
  // Tests move the clock; a write token lives 30 minutes.
  beforeEach(async () => {
    token = await tokenFor(harness);
  });

  const softReserve = async (holdMinutes = 20, carrierCode = 'OWNFLEET') => {
    const [quote] = await quotesFor(harness, token, carrierCode);
    const { body } = await call(harness, 'POST', `${V2}/orders`, {
      token,
      json: aSoftReservation(quote!.id, minutesFromNow(harness, holdMinutes)),
    });
    return body.completedShipments[0];
  };
  const confirm = (json: unknown) => call(harness, 'PATCH', `${V2}/orders`, { token, json });

  it('confirms the reservation: 204 with no body, ready_to_execute true, one ReservationConfirmed even when repeated', async () => {
    const collector = await collectOrderEvents<ReservationEvent>(harness);
    const order = await softReserve();
    const response = await confirm(aReleaseOrderRecord(order.orderId));
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    const fetched = await call(harness, 'GET', `${V1_ORDERS}/${order.task_id}`, { token });
    expect(fetched.body.completedShipments[0]).toMatchObject({ status: 'confirmed', ready_to_execute: true });
    expect(fetched.body.completedShipments[0].reservation.confirmed_at).toBe(harness.clock.now().toISOString());

    expect((await confirm(aReleaseOrderRecord(order.orderId))).status).toBe(204);
    await harness.running.relay.flush();
    await eventually(() =>
      expect(collector.events.filter((e) => e.subject === order.task_id).map((e) => e.type)).toEqual([
        'ReservationCreated',
        'ReservationConfirmed',
      ]),
    );
    await collector.stop();
  });

  it('answers an order it cannot find with 404 and the problem document of spec 2.7', async () => {
    const { status, body } = await confirm(aReleaseOrderRecord('ORD-UNKNOWN'));
    expect(status).toBe(404);
    expect(problemDocumentSchema.parse(body)).toEqual({
      type: 'urn:delivery-orchestration:problem:order-not-found',
      title: 'Not Found',
      status: 404,
      details: { reason: 'Failed to find external id by order id ORD-UNKNOWN' },
      errors: { reason: 'Failed to find external id by order id ORD-UNKNOWN' },
      data: { orderId: 'ORD-UNKNOWN' },
      success: false,
    });
  });

  it('releases a hold at reservedUntil (ReservationExpired) and then refuses the PATCH with 409', async () => {
    const collector = await collectOrderEvents<ReservationEvent>(harness);
    const order = await softReserve(10);
    harness.clock.advance(9 * 60_000);
    expect(await harness.running.holds.sweep()).toBe(0);
    harness.clock.advance(60_000);
    expect(await harness.running.holds.sweep()).toBe(1);

    const fetched = await call(harness, 'GET', `${V1_ORDERS}/${order.task_id}`, { token });
    expect(fetched.body.completedShipments[0]).toMatchObject({ status: 'released', ready_to_execute: false });
    await eventually(() =>
      expect(collector.events.filter((e) => e.subject === order.task_id).map((e) => e.type)).toContain('ReservationExpired'),
    );

    const { status, body } = await confirm(aReleaseOrderRecord(order.orderId));
    expect(status).toBe(409);
    expect(problemDocumentSchema.parse(body)).toMatchObject({
      status: 409,
      title: 'Conflict',
      data: { orderId: order.orderId },
      success: false,
    });
    expect(body.details.reason).toContain('expired');
    await collector.stop();
  });

  it("gives the window's capacity back when a hold is released", async () => {
    const own = await harness.running.accounts.listFleets('demo');
    await harness.running.accounts.putFleet({
      ...own[0]!,
      id: 9,
      name: 'One Van',
      carrierCodes: ['ONEVAN'],
      connector: { ...(own[0]!.connector as any), capacityPerWindow: 1 },
    });
    const first = await quotesFor(harness, token, 'ONEVAN');
    const held = await call(harness, 'POST', `${V2}/orders`, { token, json: aSoftReservation(first[0]!.id, minutesFromNow(harness, 5)) });
    expect(held.status).toBe(200);
    const whileHeld = await quotesFor(harness, token, 'ONEVAN');
    expect(whileHeld[0]!.pickup_window.start_time).not.toBe(first[0]!.pickup_window.start_time);

    harness.clock.advance(5 * 60_000);
    await harness.running.holds.sweep();
    const afterRelease = await quotesFor(harness, token, 'ONEVAN');
    expect(afterRelease[0]!.pickup_window.start_time).toBe(first[0]!.pickup_window.start_time);
  });

  it('confirms with a third-party fleet over HTTP', async () => {
    const partner = await startFleetServer();
    await harness.running.accounts.putFleet({
      accountId: 'demo',
      id: 4,
      name: 'Partner Fleet',
      fleetType: 1,
      externalTeamId: 'partner',
      carrierCodes: ['PARTNER'],
      serviceLevels: [],
      connector: { kind: 'http', url: partner.url, timeoutMs: 2_000 },
    });
    const order = await softReserve(20, 'PARTNER');
    expect((await confirm(aReleaseOrderRecord(order.orderId))).status).toBe(204);
    expect(partner.confirmations).toEqual([{ quote_id: expect.stringMatching(/^fleet-quote-/), reference: order.reservation.quote_id }]);
    await partner.stop();
  });

  it('refuses an order id longer than any order could have with a 400 problem document', async () => {
    const { status, body } = await confirm(aReleaseOrderRecord('O'.repeat(5_000)));
    expect(status).toBe(400);
    expect(problemDocumentSchema.parse(body).status).toBe(400);
  });

  it('refuses a record that names no order with 400, and a call without a token with 401, both as problem documents', async () => {
    const { status, body } = await confirm({ OrgId: 'RETAILER', Release: [] });
    expect(status).toBe(400);
    expect(problemDocumentSchema.parse(body)).toMatchObject({ status: 400, data: { orderId: null } });
    const anonymous = await call(harness, 'PATCH', `${V2}/orders`, { json: aReleaseOrderRecord('ORD-1') });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="delivery"');
    expect(problemDocumentSchema.parse(anonymous.body).status).toBe(401);
  });
});
