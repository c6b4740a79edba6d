import { Webhook } from 'standardwebhooks';
import { TOPICS, webhookDeliverySchema, webhookPayloadSchema, type WebhookPayload } from '@delivery/contracts';
import { eventually, startWebhookReceiver, tempDataDir, type WebhookReceiver } from '@delivery/testing';
import { adminCommands } from '../apps/admin/src';
import { adminDepsOver } from '../apps/admin/src';
import { aCancelEvent, aShipRequest } from './support/ship-request.fixture';
import {
  call,
  collectOrderEvents,
  createOtherAccount,
  startHarness,
  tokenFor,
  V1_ORDERS,
  type Harness,
} from './support/standalone-harness';

const FAST_WEBHOOKS = {
  retryPolicy: { delaysMs: [200, 400, 1_200], jitter: 0 },
  urlPolicy: { allowHttp: true, allowPrivateNetworks: true },
  timeoutMs: 2_000,
  pollIntervalMs: 50,
  endpointCacheMs: 0,
};
const DELIVERIES = '/admin/v1/webhooks/deliveries';

const receivers: WebhookReceiver[] = [];
async function aReceiver(...args: Parameters<typeof startWebhookReceiver>) {
  const receiver = await startWebhookReceiver(...args);
  receivers.push(receiver);
  return receiver;
}
afterAll(() => Promise.all(receivers.map((r) => r.stop())));

/** These tests count webhooks of an order's creation and cancellation; the fleet's events have their own suite (fleet-api). */
const ORDER_EVENTS = 'order.created,order.cancelled,reservation.created,reservation.confirmed,reservation.expired,note.added';

async function addWebhook(harness: Harness, url: string, extra: Record<string, string> = {}) {
  const endpoint = (await adminCommands['add-webhook']!(
    { account: harness.demo.accountId, url, events: ORDER_EVENTS, ...extra },
    adminDepsOver({
      accounts: harness.running.accounts,
      deliveries: harness.running.deliveries,
      clock: harness.clock,
      urlPolicy: FAST_WEBHOOKS.urlPolicy,
    }),
  )) as { id: string; signingSecret: string };
  return endpoint;
}

async function createOrder(harness: Harness, token: string) {
  const created = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() });
  expect(created.status).toBe(200);
  return created.body.completedShipments[0] as { task_id: string; fulfillmentId: string; orderId: string; shipmentId: string };
}

const payloadOf = (receiver: WebhookReceiver, index: number): WebhookPayload =>
  webhookPayloadSchema.parse(JSON.parse(receiver.received[index]!.body));

describe('webhooks', () => {
  let harness: Harness;
  let token: string;

  beforeAll(async () => {
    harness = await startHarness({ webhooks: FAST_WEBHOOKS });
    token = await tokenFor(harness);
  });
  afterAll(() => harness.stop());

  it('sends signed webhooks that the standardwebhooks package verifies, with the caller’s credentials, in order', async () => {
    const receiver = await aReceiver();
    const { id: endpointId, signingSecret } = await addWebhook(harness, receiver.url, { bearer: 'caller-token-1' });
    const shipment = await createOrder(harness, token);
    expect((await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token, json: aCancelEvent(shipment.fulfillmentId) })).status).toBe(200);

    await eventually(() => expect(receiver.received).toHaveLength(2));
    const verifier = new Webhook(signingSecret);
    for (const webhook of receiver.received) {
      expect(() => verifier.verify(webhook.body, webhook.headers as Record<string, string>)).not.toThrow();
      expect(webhook.headers.authorization).toBe('Bearer caller-token-1');
      expect(webhook.headers['content-type']).toBe('application/json');
    }
    const [created, cancelled] = [payloadOf(receiver, 0), payloadOf(receiver, 1)];
    expect(created).toMatchObject({
      type: 'order.created',
      data: {
        task_id: shipment.task_id,
        orderId: shipment.orderId,
        fulfillmentId: shipment.fulfillmentId,
        shipmentId: shipment.shipmentId,
        status: 'created',
        ready_to_execute: true,
        driver: null,
      },
    });
    expect(created.data.way_points.map((w) => w.type)).toEqual(['pickup', 'dropoff']);
    const sent = aShipRequest().shipRequest.shipment;
    expect(created.data.platform_fields).toMatchObject({ referenceFields: sent.referenceFields, specialService: sent.specialService });
    expect(cancelled).toMatchObject({
      type: 'order.cancelled',
      data: { task_id: shipment.task_id, status: 'cancelled', cancel_reason_id: 'CUSTOMER_REQUEST' },
    });

    const listed = await call(harness, 'GET', `${DELIVERIES}?endpoint_id=${endpointId}`, { token });
    expect(listed.status).toBe(200);
    const deliveries = listed.body.deliveries.map((d: unknown) => webhookDeliverySchema.parse(d));
    expect(deliveries.map((d: { event_type: string }) => d.event_type)).toEqual(['order.cancelled', 'order.created']);
    expect(deliveries[1]).toMatchObject({ status: 'delivered', attempts: [{ status_code: 204, error: null }] });
  });

  it('keeps retrying while the receiver is down, and every webhook arrives once it is back', async () => {
    const receiver = await aReceiver();
    const { id: endpointId } = await addWebhook(harness, receiver.url, { events: 'order.created' });
    await receiver.stop();
    const shipments = [await createOrder(harness, token), await createOrder(harness, token), await createOrder(harness, token)];
    // Each webhook tried while the receiver was down, before it comes back.
    await eventually(async () => {
      const { deliveries } = (await call(harness, 'GET', `${DELIVERIES}?endpoint_id=${endpointId}`, { token })).body;
      expect(deliveries).toHaveLength(3);
      for (const delivery of deliveries) expect(delivery.attempts.length).toBeGreaterThan(0);
    });
    await receiver.start();
    await eventually(() => expect(receiver.distinctIds().size).toBe(3), 10_000);
    const taskIds = receiver.received.map((w) => (JSON.parse(w.body) as WebhookPayload).data.task_id);
    expect(new Set(taskIds)).toEqual(new Set(shipments.map((s) => s.task_id)));
  });

  it('retries a 5xx and honours Retry-After on a 429, with the same webhook-id, then records the attempts', async () => {
    const receiver = await aReceiver((_webhook, index) =>
      index === 0 ? { status: 503 } : index === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 },
    );
    await addWebhook(harness, receiver.url, { events: 'order.created' });
    const shipment = await createOrder(harness, token);
    await eventually(() => expect(receiver.received).toHaveLength(3), 10_000);
    expect(receiver.distinctIds().size).toBe(1);
    expect(receiver.received[2]!.receivedAt - receiver.received[1]!.receivedAt).toBeGreaterThanOrEqual(950);

    const id = receiver.received[0]!.headers['webhook-id'] as string;
    // The last try is recorded once its answer is read, after the receiver has it.
    const shown = await eventually(async () => {
      const answer = await call(harness, 'GET', `${DELIVERIES}/${id}`, { token });
      expect(answer.body.delivery).toMatchObject({ id, task_id: shipment.task_id, status: 'delivered', next_attempt_at: null });
      return answer;
    });
    expect(shown.body.delivery.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([503, 429, 200]);
    expect(shown.body.delivery.attempts[0].error).toBe('endpoint answered 503');
  });

  it('dead-letters after the last try, and a replay (one, or all failed since a time) sends it again', async () => {
    const receiver = await aReceiver(() => ({ status: 500 }));
    const { id: endpointId } = await addWebhook(harness, receiver.url, { events: 'order.created' });
    const since = new Date().toISOString();
    await createOrder(harness, token);
    await createOrder(harness, token);
    await eventually(() => expect(receiver.received).toHaveLength(8), 10_000);
    // The last try's answer is recorded just after the receiver has it: ask until it is.
    const deadOnes = () => call(harness, 'GET', `${DELIVERIES}?endpoint_id=${endpointId}&status=dead`, { token });
    await eventually(async () => expect((await deadOnes()).body.deliveries).toHaveLength(2));
    const dead = await deadOnes();
    expect(dead.body.deliveries[0].attempts).toHaveLength(4);

    receiver.answerWith(() => ({ status: 200 }));
    const replayed = await call(harness, 'POST', `${DELIVERIES}/${dead.body.deliveries[0].id}/replay`, { token });
    expect(replayed.status).toBe(202);
    expect(replayed.body.delivery.status).toBe('pending');
    await eventually(() => expect(receiver.received).toHaveLength(9));
    expect(receiver.received[8]!.headers['webhook-id']).toBe(dead.body.deliveries[0].id);
    expect((await call(harness, 'POST', `${DELIVERIES}/${dead.body.deliveries[0].id}/replay`, { token })).status).toBe(409);

    const all = await call(harness, 'POST', `/admin/v1/webhooks/endpoints/${endpointId}/replay-failed`, { token, json: { since } });
    expect(all).toMatchObject({ status: 202, body: { success: true, replayed: 1 } });
    await eventually(() => expect(receiver.received).toHaveLength(10));
    expect(receiver.distinctIds().size).toBe(2);
  });

  it('disables an endpoint that answers 410 Gone and sends it nothing more', async () => {
    const receiver = await aReceiver(() => ({ status: 410 }));
    const { id: endpointId } = await addWebhook(harness, receiver.url, { events: 'order.created' });
    await createOrder(harness, token);
    await eventually(async () => expect((await harness.running.accounts.getWebhookEndpoint(endpointId))!.disabledAt).not.toBeNull());
    // The witness: another endpoint gets the next order's webhook, which the gone one must not.
    const witness = await aReceiver();
    await addWebhook(harness, witness.url, { events: 'order.created' });
    const next = await createOrder(harness, token);
    await eventually(() => expect(witness.received.map((w) => JSON.parse(w.body).data.task_id)).toContain(next.task_id));
    expect(receiver.received).toHaveLength(1);
    const listed = await call(harness, 'GET', `${DELIVERIES}?endpoint_id=${endpointId}`, { token });
    expect(listed.body.deliveries).toHaveLength(1);
    expect(listed.body.deliveries[0]).toMatchObject({ status: 'failed', attempts: [{ status_code: 410 }] });
  });

  it('makes one webhook of an event that appears twice on the topic', async () => {
    const receiver = await aReceiver();
    await addWebhook(harness, receiver.url, { events: 'order.created,order.cancelled' });
    const shipment = await createOrder(harness, token);
    await eventually(() => expect(receiver.received).toHaveLength(1));
    // The event as it stands on the topic, published again as an at-least-once producer may.
    const { events, stop } = await collectOrderEvents(harness);
    await eventually(() => expect(events.some((e) => e.subject === shipment.task_id)).toBe(true));
    await stop();
    const event = events.find((e) => e.subject === shipment.task_id)!;
    await harness.running.bus.publish(TOPICS.orders, [{ key: shipment.task_id, value: JSON.stringify(event) }]);
    // The witness: the order's cancellation, behind the copy on the task's partition.
    expect((await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token, json: aCancelEvent(shipment.fulfillmentId) })).status).toBe(200);
    await eventually(() => expect(receiver.received.map((w) => JSON.parse(w.body).type)).toContain('order.cancelled'));
    expect(receiver.received.map((w) => JSON.parse(w.body).type)).toEqual(['order.created', 'order.cancelled']);
  });

  it('refuses a private address at connect time without opening a connection', async () => {
    const dir = tempDataDir('webhooks-strict-');
    const strict = await startHarness({
      dataDir: dir.path,
      webhooks: { ...FAST_WEBHOOKS, urlPolicy: { allowHttp: true, allowPrivateNetworks: false } },
    });
    try {
      const receiver = await aReceiver();
      // Set up while the address was allowed (as a DNS answer that later changes would be).
      const { id: endpointId } = await addWebhook(strict, receiver.url.replace('127.0.0.1', 'localhost'), { events: 'order.created' });
      const { id: literalId } = await addWebhook(strict, receiver.url, { events: 'order.created' });
      const strictToken = await tokenFor(strict);
      await createOrder(strict, strictToken);
      for (const id of [endpointId, literalId]) {
        await eventually(async () => {
          const listed = await call(strict, 'GET', `${DELIVERIES}?endpoint_id=${id}`, { token: strictToken });
          expect(listed.body.deliveries[0]).toMatchObject({ status: 'failed', attempts: [{ status_code: null }] });
          expect(listed.body.deliveries[0].attempts[0].error).toMatch(/not a public address/);
        });
      }
      expect(receiver.connections()).toBe(0);
    } finally {
      await strict.stop();
      dir.remove();
    }
  });

  it('answers the admin API in the problem envelope, and never shows another account’s deliveries', async () => {
    const receiver = await aReceiver();
    await addWebhook(harness, receiver.url, { events: 'order.created' });
    await createOrder(harness, token);
    await eventually(() => expect(receiver.received).toHaveLength(1));
    const id = receiver.received[0]!.headers['webhook-id'] as string;
    const other = await tokenFor(harness, await createOtherAccount(harness));
    expect((await call(harness, 'GET', `${DELIVERIES}/${id}`, { token: other })).status).toBe(404);
    expect((await call(harness, 'GET', DELIVERIES, { token: other })).body.deliveries).toEqual([]);
    expect((await call(harness, 'GET', `${DELIVERIES}/${id}`)).status).toBe(401);
    const bad = await call(harness, 'GET', `${DELIVERIES}?status=lost`, { token });
    expect(bad).toMatchObject({ status: 400, body: { status: 400, success: false } });
    expect(
      (
        await call(harness, 'POST', `/admin/v1/webhooks/endpoints/whe_unknown/replay-failed`, {
          token,
          json: { since: new Date().toISOString() },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(harness, 'POST', `/admin/v1/webhooks/endpoints/whe_unknown/replay-failed`, { token, json: { since: 'yesterday' } }))
        .status,
    ).toBe(400);
  });
});

describe('webhooks across a restart of the system', () => {
  it('keeps the retry schedule: tries due while it was down are made once it is back', async () => {
    const dir = tempDataDir('webhooks-restart-');
    const slow = { ...FAST_WEBHOOKS, retryPolicy: { delaysMs: [1_500, 1_500], jitter: 0 } };
    const receiver = await aReceiver((_w, index) => ({ status: index === 0 ? 503 : 204 }));
    let harness = await startHarness({ dataDir: dir.path, webhooks: slow });
    try {
      await addWebhook(harness, receiver.url, { events: 'order.created' });
      await createOrder(harness, await tokenFor(harness));
      await eventually(() => expect(receiver.received).toHaveLength(1));
      await harness.stop();
      harness = await startHarness({ dataDir: dir.path, webhooks: slow });
      await eventually(() => expect(receiver.received).toHaveLength(2), 10_000);
      expect(receiver.distinctIds().size).toBe(1);
    } finally {
      await harness.stop();
      dir.remove();
    }
  });
});
