import { DEFAULT_RATE_CARD } from '@delivery/accounts';
import { quoteResponseSchema, shipResponseSchema } from '@delivery/contracts';
import { eventually } from '@delivery/testing';
import { aCancelEvent, aShipRequest } from './support/ship-request.fixture';
import { call, collectOrderEvents, DEMO_LEVEL, startHarness, tokenFor, V1_ORDERS, V2, type Harness } from './support/standalone-harness';

describe('POST /partner-integrations-service/v1/integrations/partner/orders (Create Order)', () => {
  let harness: Harness;
  let token: string;

  beforeAll(async () => {
    harness = await startHarness();
    token = await tokenFor(harness);
  });
  afterAll(() => harness.stop());

  const create = (json: unknown, options: { token?: string } = {}) =>
    call(harness, 'POST', V1_ORDERS, { token: options.token ?? token, json });

  it('refuses a Same-Day order whose recipient no fleet serving its carrier delivers to, naming the fleet and the postal code, and dispatches one inside', async () => {
    await harness.running.accounts.putServicePlan({
      accountId: 'demo',
      carrierCode: 'DOWNTOWN',
      serviceLevel: DEMO_LEVEL,
      carrierName: 'Downtown Bikes',
      currency: 'USD',
      baseCharge: 5,
      perKgCharge: 0,
    });
    await harness.running.accounts.putFleet({
      accountId: 'demo',
      id: 21,
      name: 'Downtown Bikes',
      fleetType: 0,
      externalTeamId: 'downtown',
      carrierCodes: ['DOWNTOWN'],
      serviceLevels: [],
      serviceArea: { postalCodes: [{ country: 'US', codes: ['62701'], prefixes: ['627 0'] }] },
      connector: { ...DEFAULT_RATE_CARD, currency: 'USD' },
    });
    const outside = aShipRequest({ carrierCode: 'DOWNTOWN' });
    outside.shipRequest.shipment.recipient.address.postalCode = '60601';
    const refused = await create(outside);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain(
      "No fleet serving carrier code DOWNTOWN delivers to the recipient's address (Downtown Bikes: the fleet does not deliver to postal code 60601 in US)",
    );
    expect((await call(harness, 'GET', `${V1_ORDERS}/${outside.shipRequest.shipment.orderId}`, { token })).status).toBe(404);

    const inside = aShipRequest({ carrierCode: 'DOWNTOWN' });
    const { body } = await create(inside);
    expect(shipResponseSchema.parse(body).completedShipments![0]).toMatchObject({ status: 'dispatched', fleet: { id: 21 } });
  });

  it("decides by the fleet's areas on the map when the recipient's address has coordinates, in the platform's spelling", async () => {
    await harness.running.accounts.putServicePlan({
      accountId: 'demo',
      carrierCode: 'MAPPED',
      serviceLevel: DEMO_LEVEL,
      carrierName: 'Mapped Vans',
      currency: 'USD',
      baseCharge: 5,
      perKgCharge: 0,
    });
    const springfield = [
      [-89.75, 39.7],
      [-89.55, 39.7],
      [-89.55, 39.85],
      [-89.75, 39.85],
      [-89.75, 39.7],
    ];
    await harness.running.accounts.putFleet({
      accountId: 'demo',
      id: 22,
      name: 'Mapped Vans',
      fleetType: 0,
      externalTeamId: 'mapped',
      carrierCodes: ['MAPPED'],
      serviceLevels: [],
      serviceArea: {
        postalCodes: [{ country: 'US', codes: [], prefixes: ['627'] }],
        areas: [{ type: 'Polygon', coordinates: [springfield] }],
      },
      connector: { ...DEFAULT_RATE_CARD, currency: 'USD', workingHours: { startHour: 0, endHour: 24 } },
    });
    const at = (latitude: unknown, longitude: unknown) => {
      const request = aShipRequest({ carrierCode: 'MAPPED' });
      Object.assign(request.shipRequest.shipment.recipient.address, { Latitude: latitude, Longitude: longitude });
      return request;
    };
    // Chicago: its postal code would not pass either, but the map alone decides here.
    const refused = await create(at(41.8781, '-87.6298'));
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain(
      "Mapped Vans: the drop-off at 41.8781, -87.6298 is outside the fleet's areas on the map",
    );
    const inside = await create(at('39.7817', -89.6501));
    expect(shipResponseSchema.parse(inside.body).completedShipments![0]).toMatchObject({ status: 'dispatched', fleet: { id: 22 } });
    const quoted = quoteResponseSchema.parse((await call(harness, 'POST', `${V2}/quotes`, { token, json: at(41.8781, -87.6298) })).body);
    expect(quoted.quote_errors.find((e) => e.fleet_id === 22)).toMatchObject({ status: 'outside_service_area' });
    const unusable = await create(at(139.78, -89.65));
    expect(unusable.status).toBe(400);
    expect(JSON.stringify(unusable.body)).toContain('Latitude must be from -90 to 90');
  });

  it('creates a task and answers the ship response with the task id and the caller ids', async () => {
    const request = aShipRequest();
    const { status, body } = await create(request);
    expect(status).toBe(200);
    const response = shipResponseSchema.parse(body);
    expect(response).toMatchObject({ severityType: 'SUCCESS', provider: 'Demo Own Fleet' });
    expect(response.notifications[0]).toMatchObject({ code: '0000', severity: 'SUCCESS' });
    const shipment = response.completedShipments![0]!;
    expect(shipment).toMatchObject({
      carrierCode: 'OWNFLEET',
      carrierName: 'Demo Own Fleet',
      orderId: request.shipRequest.shipment.orderId,
      fulfillmentId: request.shipRequest.shipment.fulfillmentId,
      status: 'dispatched',
      ready_to_execute: true,
      fleet: { id: 1, name: 'Demo Own Fleet', dispatched_at: harness.clock.now().toISOString(), accepted_at: null },
      driver: null,
      shipDate: '2026-11-23T15:00:00.123Z',
      billingWeight: { value: 2.954, weightUnits: 'KG' },
    });
    expect(shipment.task_id).toMatch(/^tsk_[0-9a-f]{24}$/);
    expect(shipment.shipmentId).toMatch(/^SHP/);
    expect(shipment.documents).toEqual([
      { documentType: 'LABEL', formatType: 'ZPLII', documentId: expect.stringMatching(/^doc_/), image: null, image_url: null },
    ]);
    expect(shipment.completedPackages).toHaveLength(2);
    expect(new Set(shipment.completedPackages.map((p) => p.trackingNumber)).size).toBe(2);
    expect(shipment.completedPackages[1]!.billingWeight).toEqual({ value: 0.454, weightUnits: 'KG' });
    // Demo plan: 7.50 base + 0.80 per kg, per package.
    expect(shipment.completedPackages[0]!.shippingCharge.totalCharge).toEqual({ amount: 9.5, currency: 'USD' });
    expect(shipment.shippingCharge).toMatchObject({
      baseCharge: { amount: 15, currency: 'USD' },
      otherCharge: { amount: 2.36, currency: 'USD' },
      totalCharge: { amount: 17.36, currency: 'USD' },
    });
    expect(shipment.way_points.map((w) => [w.type, w.contact.personName])).toEqual([
      ['pickup', 'Store 12 - Springfield Market Street Shipping Desk'],
      ['dropoff', 'Ada Lovelace'],
    ]);
    expect(new Set(shipment.way_points.map((w) => w.id)).size).toBe(2);
  });

  it('gives every order its own task id', async () => {
    const [a, b] = await Promise.all([create(aShipRequest()), create(aShipRequest())]);
    expect(a.body.completedShipments[0].task_id).not.toBe(b.body.completedShipments[0].task_id);
  });

  it('publishes OrderCreated through the outbox, keyed by the task id', async () => {
    const collector = await collectOrderEvents(harness);
    const { body } = await create(aShipRequest());
    const taskId = body.completedShipments[0].task_id;
    await eventually(() => expect(collector.events.find((e) => e.subject === taskId)).toBeDefined());
    const event = collector.events.find((e) => e.subject === taskId)!;
    expect(event).toMatchObject({ type: 'OrderCreated', version: 1, accountId: 'demo', data: { taskId, readyToExecute: true } });
    expect(collector.keys[collector.events.indexOf(event)]).toBe(taskId);
    // The envelope holds its own fields only: nothing of the command (the caller's parties) spills into it.
    expect(Object.keys(event).sort()).toEqual([
      'accountId',
      'causationId',
      'correlationId',
      'data',
      'id',
      'occurredAt',
      'subject',
      'type',
      'version',
    ]);
    await collector.stop();
  });

  it('returns the first task, not a second one, when the same create comes again', async () => {
    const collector = await collectOrderEvents(harness);
    const request = aShipRequest();
    const first = await create(request);
    const again = await create(request);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.completedShipments[0]).toEqual(first.body.completedShipments[0]);
    const taskId = first.body.completedShipments[0].task_id;
    await eventually(() => expect(collector.events.some((e) => e.subject === taskId)).toBe(true));
    await harness.running.relay.flush();
    await eventually(() =>
      expect(collector.events.filter((e) => e.subject === taskId).map((e) => e.type)).toEqual(['OrderCreated', 'TaskDispatched']),
    );
    await collector.stop();
  });

  it('refuses the same fulfillment id for another order with 409', async () => {
    const request = aShipRequest();
    await create(request);
    const clash = aShipRequest({ fulfillmentId: request.shipRequest.shipment.fulfillmentId });
    const { status, body } = await create(clash);
    expect(status).toBe(409);
    expect(body).toMatchObject({ severityType: 'ERROR', provider: null, completedShipments: [] });
    expect(body.notifications[0]).toMatchObject({ errorCode: 'FULFILLMENT_ID_CONFLICT' });
  });

  it("answers 'no service plan found' in the error envelope when no plan matches", async () => {
    const { status, body } = await create(aShipRequest({ carrierCode: 'NOBODY' }));
    expect(status).toBe(422);
    expect(shipResponseSchema.parse(body)).toEqual({
      severityType: 'ERROR',
      notifications: [
        {
          code: '0000',
          message: 'No service plan found for carrier code NOBODY and service level EXPRESS',
          severity: 'ERROR',
          source: 'delivery-orchestration',
          errorCode: 'SERVICE_PLAN_NOT_FOUND',
        },
      ],
      provider: null,
      completedShipments: [],
    });
  });

  it('names every invalid field in a 400 error envelope', async () => {
    const request = aShipRequest() as any;
    delete request.shipRequest.shipment.orderId;
    request.shipRequest.shipment.packages[0].weight.value = 'heavy';
    request.shipRequest.shipment.shipDate = '23/11/2026';
    const { status, body } = await create(request);
    expect(status).toBe(400);
    expect(body).toMatchObject({ severityType: 'ERROR', provider: null, completedShipments: [] });
    const message: string = body.notifications[0].message;
    expect(message).toContain('shipRequest.shipment.orderId');
    expect(message).toContain('shipRequest.shipment.packages.0.weight.value');
    expect(message).toContain('shipRequest.shipment.shipDate');
  });

  it.each([
    ['no fraction', '2026-11-23T10:00:00Z'],
    ['milliseconds', '2026-11-23T10:00:00.123+01:00'],
    ['microseconds', '2026-11-23T10:00:00.123456+05:30'],
    ['no offset', '2026-11-23T10:00:00'],
  ])('accepts a timestamp with %s', async (_, shipDate) => {
    const request = aShipRequest();
    request.shipRequest.shipment.shipDate = shipDate;
    expect((await create(request)).status).toBe(200);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const { status, body } = await call(harness, 'POST', V1_ORDERS, { token, raw: 'shipRequest=1', contentType: 'text/plain' });
    expect(status).toBe(415);
    expect(body.severityType).toBe('ERROR');
  });

  it('refuses a call without a token with 401, a Bearer challenge and the envelope', async () => {
    const response = await call(harness, 'POST', V1_ORDERS, { json: aShipRequest() });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="delivery"');
    expect(response.body).toMatchObject({ severityType: 'ERROR', completedShipments: [] });
  });

  it('refuses an unknown token with invalid_token', async () => {
    const response = await create(aShipRequest(), { token: 'not-a-token' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('answers a repeated Idempotency-Key with its first answer, and refuses it with another body (422), making no second task', async () => {
    const key = { 'idempotency-key': `create-${Date.now()}` };
    const request = aShipRequest();
    const first = await call(harness, 'POST', V1_ORDERS, { token, json: request, headers: key });
    const again = await call(harness, 'POST', V1_ORDERS, { token, json: request, headers: key });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const retriedWithAnotherId = aShipRequest();
    const refused = await call(harness, 'POST', V1_ORDERS, { token, json: retriedWithAnotherId, headers: key });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ severityType: 'ERROR', completedShipments: [] });
    expect(refused.body.notifications[0].errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    const cancelled = await call(harness, 'POST', `${V1_ORDERS}/cancel`, {
      token,
      json: aCancelEvent(retriedWithAnotherId.shipRequest.shipment.fulfillmentId),
    });
    expect(cancelled.status).toBe(404);
  });
});
