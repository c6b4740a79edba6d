import { Webhook } from 'standardwebhooks';
import { createClientApp } from '@delivery/accounts';
import { DEFAULT_RATE_CARD, FLEET_TYPE } from '@delivery/accounts';
import {
  fleetTaskListResponseSchema,
  fleetTaskResponseSchema,
  problemDocumentSchema,
  shipResponseSchema,
  webhookPayloadSchema,
} from '@delivery/contracts';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '@delivery/testing';
import { adminCommands } from '../apps/admin/src';
import { adminDepsOver } from '../apps/admin/src';
import { aCancelEvent, aShipRequest } from './support/ship-request.fixture';
import { call, createOtherAccount, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const WEBHOOKS = {
  retryPolicy: { delaysMs: [200, 400], jitter: 0 },
  urlPolicy: { allowHttp: true, allowPrivateNetworks: true },
  timeoutMs: 2_000,
  pollIntervalMs: 50,
  endpointCacheMs: 0,
};
const TASKS = '/fleet/v1/tasks';
const POD = { recipient_name: 'Ada Lovelace', photo_url: 'https://pod.example/42.jpg', note: 'Handed over at the door' };

/**
 * The fleet API as a fleet's own app uses it, over HTTP, with the caller following on
 * Get Order and on signed webhooks received by a real HTTP server.
 */
describe('the fleet API (/fleet/v1)', () => {
  let harness: Harness;
  let caller: string;
  let fleetOne: string;
  let fleetTwo: string;
  let receiver: WebhookReceiver;
  let signingSecret: string;

  const fleetToken = async (fleetId: number, accountId = 'demo') => {
    const { app, clientSecret } = await createClientApp(
      { accountId, name: `fleet-${fleetId}`, fleetId },
      { accounts: harness.running.accounts, clock: harness.clock },
    );
    return tokenFor(harness, { clientId: app.clientId, clientSecret });
  };
  const createOrder = async () => {
    const request = aShipRequest();
    const { body } = await call(harness, 'POST', V1_ORDERS, { token: caller, json: request });
    return { ...(body.completedShipments[0] as { task_id: string; way_points: { id: string }[] }), request };
  };
  const report = (token: string, method: string, path: string, json?: unknown) =>
    call(harness, method, `${TASKS}/${path}`, { token, json });
  const getOrder = async (taskId: string) =>
    (await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token: caller })).body.completedShipments[0];

  beforeAll(async () => {
    harness = await startHarness({ webhooks: WEBHOOKS });
    caller = await tokenFor(harness);
    // A second fleet serving the demo carrier: the fallback when the first rejects.
    await harness.running.accounts.putFleet({
      accountId: 'demo',
      id: 3,
      name: 'Backup Vans',
      fleetType: FLEET_TYPE.thirdParty,
      externalTeamId: 'backup',
      carrierCodes: ['OWNFLEET'],
      serviceLevels: [],
      connector: { ...DEFAULT_RATE_CARD, currency: 'USD' },
    });
    fleetOne = await fleetToken(1);
    fleetTwo = await fleetToken(2);
    receiver = await startWebhookReceiver();
    const endpoint = (await adminCommands['add-webhook']!(
      { account: 'demo', url: receiver.url },
      adminDepsOver({
        accounts: harness.running.accounts,
        deliveries: harness.running.deliveries,
        clock: harness.clock,
        urlPolicy: WEBHOOKS.urlPolicy,
      }),
    )) as { signingSecret: string };
    signingSecret = endpoint.signingSecret;
  });
  afterAll(async () => {
    await receiver.stop();
    await harness.stop();
  });

  it('delivers an order through the whole lifecycle; Get Order and signed webhooks tell every step', async () => {
    const order = await createOrder();
    const [pickup, dropoff] = order.way_points.map((w) => w.id);
    const listed = fleetTaskListResponseSchema.parse((await call(harness, 'GET', TASKS, { token: fleetOne })).body);
    expect(listed.tasks.find((t) => t.task_id === order.task_id)).toMatchObject({
      status: 'dispatched',
      way_points: [{ type: 'pickup' }, { type: 'dropoff' }],
    });

    const eta = new Date(harness.clock.now().getTime() + 20 * 60_000).toISOString();
    const steps: [string, string, unknown?][] = [
      ['POST', `${order.task_id}/accept`],
      ['PUT', `${order.task_id}/driver`, { name: 'Grace Hopper', phone: '+15550123', vehicle: 'Blue van 7' }],
      ['POST', `${order.task_id}/start`],
      ['POST', `${order.task_id}/way_points/${pickup}/arrive`],
      ['POST', `${order.task_id}/way_points/${pickup}/complete`],
      ['POST', `${order.task_id}/start`],
      ['POST', `${order.task_id}/location`, { location: { lat: 39.78, lng: -89.65 }, etas: [{ way_point_id: dropoff, eta }] }],
      ['POST', `${order.task_id}/way_points/${dropoff}/arrive`],
      ['POST', `${order.task_id}/way_points/${dropoff}/complete`, { proof_of_delivery: POD }],
    ];
    for (const [method, path, json] of steps) {
      const answer = await report(fleetOne, method, path, json);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect(fleetTaskResponseSchema.parse(answer.body).changed).toBe(true);
      // Every call is safe to retry: the same report again changes nothing.
      const again = await report(fleetOne, method, path, json);
      expect({ path, status: again.status, changed: again.body.changed }).toEqual({ path, status: 200, changed: false });
    }

    const shipment = shipResponseSchema.parse((await call(harness, 'GET', `${V1_ORDERS}/${order.task_id}`, { token: caller })).body)
      .completedShipments![0]!;
    expect(shipment).toMatchObject({
      status: 'delivered',
      fleet: { id: 1, name: 'Demo Own Fleet' },
      driver: { name: 'Grace Hopper', phone: '+15550123', vehicle: 'Blue van 7', location: { lat: 39.78, lng: -89.65 } },
    });
    expect(shipment.way_points[1]).toMatchObject({
      eta,
      arrived_at: expect.any(String),
      completed_at: expect.any(String),
      proof_of_delivery: { recipient_name: 'Ada Lovelace', photo_url: POD.photo_url, note: POD.note, signature_url: null },
    });

    const expected = [
      'order.created',
      'task.dispatched',
      'dispatch.accepted',
      'driver.assigned',
      'task.started',
      'way_point.arrived',
      'way_point.completed',
      'task.started',
      'task.eta_updated',
      'way_point.arrived',
      'way_point.completed',
      'task.delivered',
    ];
    const ofTask = () =>
      receiver.received.map((w) => webhookPayloadSchema.parse(JSON.parse(w.body))).filter((p) => p.data.task_id === order.task_id);
    await eventually(() => expect(ofTask().map((p) => p.type)).toEqual(expected), 10_000);
    const verifier = new Webhook(signingSecret);
    for (const webhook of receiver.received)
      expect(() => verifier.verify(webhook.body, webhook.headers as Record<string, string>)).not.toThrow();
    const payloads = ofTask();
    expect(payloads.find((p) => p.type === 'driver.assigned')!.data.driver).toEqual({
      name: 'Grace Hopper',
      phone: '+15550123',
      vehicle: 'Blue van 7',
    });
    expect(payloads.find((p) => p.type === 'task.started')!.data.leg).toBe('pickup');
    expect(payloads.at(-1)!.data).toMatchObject({
      status: 'delivered',
      way_points: [{}, { proof_of_delivery: { recipient_name: 'Ada Lovelace' } }],
    });
    // Every webhook links the recipient's tracking page, the same link Get Order gives.
    expect(new Set(payloads.map((p) => p.data.tracking_url))).toEqual(new Set([(await getOrder(order.task_id)).tracking_url]));
  });

  it('refuses an illegal transition with 409 and a problem document naming the state', async () => {
    const order = await createOrder();
    const answer = await report(fleetOne, 'POST', `${order.task_id}/way_points/${order.way_points[1]!.id}/arrive`);
    expect(answer.status).toBe(409);
    expect(problemDocumentSchema.parse(answer.body).details.reason).toMatch(/is dispatched: arriveDropoff is not possible/);
  });

  it("answers another fleet's task, and another account's, exactly like an unknown one", async () => {
    const order = await createOrder();
    const unknown = await report(fleetOne, 'POST', 'tsk_000000000000000000000000/accept');
    const otherFleet = await report(fleetTwo, 'POST', `${order.task_id}/accept`);
    const other = await createOtherAccount(harness);
    await harness.running.accounts.putFleet({
      accountId: other.accountId,
      id: 1,
      name: 'Their vans',
      fleetType: 0,
      externalTeamId: 'theirs',
      carrierCodes: ['OWNFLEET'],
      serviceLevels: [],
      connector: { ...DEFAULT_RATE_CARD, currency: 'USD' },
    });
    const otherAccount = await report(await fleetToken(1, other.accountId), 'POST', `${order.task_id}/accept`);
    for (const answer of [unknown, otherFleet, otherAccount]) {
      expect(answer.status).toBe(404);
      expect(answer.body.details.reason).toMatch(/^No task found for id /);
    }
    expect((await getOrder(order.task_id)).fleet.accepted_at).toBeNull();
  });

  it('lists the tasks in hand a page at a time, each task once, and refuses a cursor it did not give', async () => {
    for (let i = 0; i < 3; i++) await createOrder();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: { status: number; body: { tasks: { task_id: string }[]; next_cursor: string | null } } = await call(
        harness,
        'GET',
        `${TASKS}?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { token: fleetOne },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.tasks.length).toBeLessThanOrEqual(2);
      seen.push(...answer.body.tasks.map((t) => t.task_id));
      cursor = answer.body.next_cursor;
      pages += 1;
    } while (cursor);
    const whole = fleetTaskListResponseSchema.parse((await call(harness, 'GET', TASKS, { token: fleetOne })).body);
    expect(whole.next_cursor).toBeNull();
    expect(seen).toEqual(whole.tasks.map((t) => t.task_id));
    // A full last page gives no cursor: the list looks one task ahead.
    expect(pages).toBe(Math.max(1, Math.ceil(seen.length / 2)));
    for (const query of ['limit=0', 'limit=501', 'cursor=not-ours']) {
      const refused = await call(harness, 'GET', `${TASKS}?${query}`, { token: fleetOne });
      expect(refused.status).toBe(400);
      problemDocumentSchema.parse(refused.body);
    }
  });

  it("shows the fleet one of its tasks by task or shipment id, also once it ended; never another fleet's", async () => {
    const order = await createOrder();
    const shipmentId = (await getOrder(order.task_id)).shipmentId as string;
    for (const id of [order.task_id, shipmentId]) {
      const answer = await report(fleetOne, 'GET', id);
      expect(answer.status).toBe(200);
      expect(fleetTaskResponseSchema.parse(answer.body).task).toMatchObject({ task_id: order.task_id, status: 'dispatched' });
    }
    for (const [token, id] of [
      [fleetTwo, order.task_id],
      [fleetOne, 'tsk_000000000000000000000000'],
      [fleetOne, 'SHP-NOT-OURS'],
    ] as const) {
      const answer = await report(token, 'GET', id);
      expect(answer.status).toBe(404);
      expect(answer.body.details.reason).toBe(`No task found for id ${id}`);
    }
    const cancel = aCancelEvent(order.request.shipRequest.shipment.fulfillmentId);
    expect((await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token: caller, json: cancel })).status).toBe(200);
    expect((await report(fleetOne, 'GET', order.task_id)).body.task.status).toBe('cancelled');
  });

  it('keeps the two audiences apart: 403 for an integration token on the fleet API and for a fleet token on orders', async () => {
    expect((await call(harness, 'GET', TASKS, { token: caller })).status).toBe(403);
    const answer = await call(harness, 'POST', V1_ORDERS, { token: fleetOne, json: aShipRequest() });
    expect(answer.status).toBe(403);
    expect(answer.body.notifications[0].errorCode).toBe('FORBIDDEN');
  });

  it('re-dispatches a rejected task to the account fallback fleet, and fails it when no fleet is left', async () => {
    const order = await createOrder();
    const rejected = await report(fleetOne, 'POST', `${order.task_id}/reject`, { reason: 'no vans free' });
    expect(rejected).toMatchObject({ status: 200, body: { changed: true, task: null } });
    expect((await report(fleetOne, 'POST', `${order.task_id}/reject`, { reason: 'no vans free' })).body).toMatchObject({ changed: false });
    expect(await getOrder(order.task_id)).toMatchObject({ status: 'dispatched', fleet: { id: 3, name: 'Backup Vans' } });

    const backup = await fleetToken(3);
    expect((await report(backup, 'POST', `${order.task_id}/reject`, { reason: 'out of area' })).status).toBe(200);
    expect(await getOrder(order.task_id)).toMatchObject({ status: 'failed' });
    expect((await report(fleetOne, 'POST', `${order.task_id}/reject`, { reason: 'x' })).status).toBe(200);
  });

  it('cancels before pickup at every state, and refuses once the parcel is picked up or delivered', async () => {
    const toState: Record<string, [string, string, unknown?][]> = {
      dispatched: [],
      assigned: [['PUT', 'driver', { name: 'D' }]],
      en_route_to_pickup: [
        ['PUT', 'driver', { name: 'D' }],
        ['POST', 'start'],
      ],
      at_pickup: [
        ['PUT', 'driver', { name: 'D' }],
        ['POST', 'start'],
        ['POST', 'way_points/PICKUP/arrive'],
      ],
      picked_up: [
        ['PUT', 'driver', { name: 'D' }],
        ['POST', 'way_points/PICKUP/complete'],
      ],
      en_route_to_dropoff: [
        ['PUT', 'driver', { name: 'D' }],
        ['POST', 'way_points/PICKUP/complete'],
        ['POST', 'start'],
      ],
      delivered: [
        ['PUT', 'driver', { name: 'D' }],
        ['POST', 'way_points/PICKUP/complete'],
        ['POST', 'way_points/DROPOFF/complete'],
      ],
    };
    for (const [state, steps] of Object.entries(toState)) {
      const order = await createOrder();
      const [pickup, dropoff] = order.way_points.map((w) => w.id);
      for (const [method, path, json] of steps) {
        const answer = await report(
          fleetOne,
          method,
          `${order.task_id}/${path.replace('PICKUP', pickup!).replace('DROPOFF', dropoff!)}`,
          json,
        );
        expect(answer.status).toBe(200);
      }
      expect((await getOrder(order.task_id)).status).toBe(state);
      const cancelled = await call(harness, 'POST', `${V1_ORDERS}/cancel`, {
        token: caller,
        json: aCancelEvent(order.request.shipRequest.shipment.fulfillmentId),
      });
      if (['dispatched', 'assigned', 'en_route_to_pickup', 'at_pickup'].includes(state)) {
        expect({ state, status: cancelled.status }).toEqual({ state, status: 200 });
        expect((await getOrder(order.task_id)).status).toBe('cancelled');
        // The fleet learns of it on its next call.
        const late = await report(fleetOne, 'POST', `${order.task_id}/start`);
        expect({ state, status: late.status, reason: late.body.details.reason }).toEqual({
          state,
          status: 409,
          reason: expect.stringMatching(/cancelled/),
        });
      } else {
        expect({ state, status: cancelled.status }).toEqual({ state, status: 409 });
        expect(cancelled.body).toMatchObject({ severityType: 'ERROR', completedShipments: null });
        expect(cancelled.body.notifications[0].message).toMatch(
          state === 'delivered' ? /a delivered order cannot be cancelled/ : /already picked up/,
        );
        expect((await getOrder(order.task_id)).status).toBe(state);
      }
    }
  });

  it('refuses a fleet report it cannot use with a 400 naming the field', async () => {
    const order = await createOrder();
    const noName = await report(fleetOne, 'PUT', `${order.task_id}/driver`, { phone: '+1' });
    expect(noName.status).toBe(400);
    expect(noName.body.details.reason).toMatch(/name/);
    const badPhoto = await report(fleetOne, 'POST', `${order.task_id}/way_points/${order.way_points[1]!.id}/complete`, {
      proof_of_delivery: { photo_url: 'javascript:alert(1)' },
    });
    expect(badPhoto.status).toBe(400);
    expect(badPhoto.body.details.reason).toMatch(/photo_url/);
    const dropoff = `${order.task_id}/way_points/${order.way_points[1]!.id}/fail`;
    const badCode = await report(fleetOne, 'POST', dropoff, { reason_code: 'bad_luck' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.details.reason).toMatch(/reason_code must be one of recipient_unavailable, /);
    const nothing = await report(fleetOne, 'POST', dropoff, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.details.reason).toMatch(/reason or reason_code is required/);
  });

  // Last: it moves the clock on by twenty minutes.
  it('reports a fleet that names no driver in time and re-dispatches to the fallback fleet, then reports the fallback once', async () => {
    const order = await createOrder();
    await report(fleetOne, 'POST', `${order.task_id}/accept`);
    harness.clock.advance(10 * 60_000 + 1);
    await harness.running.dispatches.sweep();
    expect(await getOrder(order.task_id)).toMatchObject({ status: 'dispatched', fleet: { id: 3, name: 'Backup Vans', accepted_at: null } });
    // The fleet that timed out no longer has the task.
    expect((await report(fleetOne, 'PUT', `${order.task_id}/driver`, { name: 'Too late' })).status).toBe(404);

    harness.clock.advance(10 * 60_000 + 1);
    await harness.running.dispatches.sweep();
    await harness.running.dispatches.sweep();
    expect(await getOrder(order.task_id)).toMatchObject({ status: 'dispatched', fleet: { id: 3 } });
    const backup = await fleetToken(3);
    expect((await report(backup, 'PUT', `${order.task_id}/driver`, { name: 'Finally' })).status).toBe(200);

    const types = () =>
      receiver.received
        .map((w) => webhookPayloadSchema.parse(JSON.parse(w.body)))
        .filter((p) => p.data.task_id === order.task_id)
        .map((p) => p.type);
    await eventually(() =>
      expect(types()).toEqual([
        'order.created',
        'task.dispatched',
        'dispatch.accepted',
        'dispatch.timed_out',
        'task.dispatched',
        'dispatch.timed_out',
        'driver.assigned',
      ]),
    );
  });
});
