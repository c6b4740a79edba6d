import { Webhook } from 'standardwebhooks';
import { createClientApp } from '@delivery/accounts';
import { fleetCallPayloadSchema, fleetTaskResponseSchema } from '@delivery/contracts';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '@delivery/testing';
import { adminCommands } from '../apps/admin/src';
import { adminDepsOver } from '../apps/admin/src';
import { aCancelEvent, aShipRequest } from './support/ship-request.fixture';
import { call, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const WEBHOOKS = {
  retryPolicy: { delaysMs: [200, 400], jitter: 0 },
  urlPolicy: { allowHttp: true, allowPrivateNetworks: true },
  timeoutMs: 2_000,
  pollIntervalMs: 50,
  endpointCacheMs: 0,
};

/** A third-party fleet over HTTP: told of its dispatches and cancellations by signed calls, answering through the fleet API. */
describe('a third-party fleet over HTTP', () => {
  let harness: Harness;
  let fleetServer: WebhookReceiver;

  beforeAll(async () => {
    harness = await startHarness({ webhooks: WEBHOOKS });
    fleetServer = await startWebhookReceiver();
  });
  afterAll(async () => {
    await fleetServer.stop();
    await harness.stop();
  });

  it('receives the dispatch signed, takes the task through the fleet API, and receives the cancellation', async () => {
    const deps = adminDepsOver({
      accounts: harness.running.accounts,
      deliveries: harness.running.deliveries,
      clock: harness.clock,
      urlPolicy: WEBHOOKS.urlPolicy,
    });
    const added = (await adminCommands['add-fleet']!(
      {
        account: 'demo',
        name: 'Courier Co',
        'carrier-codes': 'COURIER',
        'fleet-type': '1',
        connector: 'http',
        url: `${fleetServer.url}/quotes`,
        'dispatch-url': `${fleetServer.url}/dispatches`,
      },
      deps,
    )) as { id: number; signingSecret: string; connector: Record<string, unknown> };
    expect(added.signingSecret).toMatch(/^whsec_/);
    expect(added.connector).not.toHaveProperty('signingSecret');
    await harness.running.accounts.putServicePlan({
      accountId: 'demo',
      carrierCode: 'COURIER',
      serviceLevel: 'EXPRESS',
      carrierName: 'Courier Co',
      currency: 'USD',
      baseCharge: 9,
      perKgCharge: 1,
    });
    const { app, clientSecret } = await createClientApp(
      { accountId: 'demo', name: 'courier-co', fleetId: added.id },
      { accounts: harness.running.accounts, clock: harness.clock },
    );
    const fleetToken = await tokenFor(harness, { clientId: app.clientId, clientSecret });
    const caller = await tokenFor(harness);

    const request = aShipRequest({ carrierCode: 'COURIER' });
    const created = await call(harness, 'POST', V1_ORDERS, { token: caller, json: request });
    const taskId = created.body.completedShipments[0].task_id as string;

    await eventually(() => expect(fleetServer.received).toHaveLength(1));
    const dispatch = fleetServer.received[0]!;
    expect(dispatch.path).toMatch(/\/dispatches$/);
    const verified = new Webhook(added.signingSecret).verify(dispatch.body, dispatch.headers as Record<string, string>);
    const payload = fleetCallPayloadSchema.parse(verified);
    expect(payload).toMatchObject({
      type: 'task.dispatched',
      data: { task_id: taskId, fleet_id: added.id, status: 'dispatched', task_url: `${harness.url}/fleet/v1/tasks/${taskId}` },
    });

    // The fleet answers through the fleet API, at the link it was given.
    const task = await call(harness, 'GET', new URL(payload.data.task_url!).pathname, { token: fleetToken });
    expect(fleetTaskResponseSchema.parse(task.body).task).toMatchObject({ task_id: taskId, status: 'dispatched' });
    const path = (action: string) => `${new URL(payload.data.task_url!).pathname}/${action}`;
    expect((await call(harness, 'POST', path('accept'), { token: fleetToken })).status).toBe(200);
    expect((await call(harness, 'PUT', path('driver'), { token: fleetToken, json: { name: 'Linus Torvalds' } })).status).toBe(200);
    expect((await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token: caller })).body.completedShipments[0]).toMatchObject({
      status: 'assigned',
      fleet: { id: added.id, name: 'Courier Co' },
      driver: { name: 'Linus Torvalds' },
    });

    const cancel = aCancelEvent(request.shipRequest.shipment.fulfillmentId);
    expect((await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token: caller, json: cancel })).status).toBe(200);
    await eventually(() => expect(fleetServer.received).toHaveLength(2));
    const cancellation = fleetServer.received[1]!;
    const cancelled = fleetCallPayloadSchema.parse(
      new Webhook(added.signingSecret).verify(cancellation.body, cancellation.headers as Record<string, string>),
    );
    expect(cancelled).toMatchObject({ type: 'order.cancelled', data: { task_id: taskId, status: 'cancelled', fleet_id: added.id } });
    expect(cancellation.headers['webhook-id']).not.toBe(dispatch.headers['webhook-id']);
  });
});
