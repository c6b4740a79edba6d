import { createClientApp } from '@delivery/accounts';
import { fleetTaskResponseSchema, shipResponseSchema, webhookPayloadSchema } from '@delivery/contracts';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '@delivery/testing';
import { adminCommands } from '../apps/admin/src';
import { adminDepsOver } from '../apps/admin/src';
import { aShipRequest } from './support/ship-request.fixture';
import { call, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const WEBHOOKS = { urlPolicy: { allowHttp: true, allowPrivateNetworks: true }, pollIntervalMs: 50, endpointCacheMs: 0 };
const TASKS = '/fleet/v1/tasks';

/** What follows a failed drop-off, by the account's policy: another attempt, then the return leg, told over HTTP and by webhook. */
describe('after a failed drop-off', () => {
  let harness: Harness;
  let caller: string;
  let fleet: string;
  let receiver: WebhookReceiver;

  const report = async (taskId: string, step: string, json?: unknown) => {
    const answer = await call(harness, step === 'driver' ? 'PUT' : 'POST', `${TASKS}/${taskId}/${step}`, { token: fleet, json });
    expect(answer.status).toBe(200);
    return fleetTaskResponseSchema.parse(answer.body).task;
  };
  const getOrder = async (taskId: string) =>
    shipResponseSchema.parse((await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token: caller })).body).completedShipments![0]!;
  const webhooksOf = (taskId: string) =>
    receiver.received.map((w) => webhookPayloadSchema.parse(JSON.parse(w.body))).filter((w) => w.data.task_id === taskId);

  beforeAll(async () => {
    harness = await startHarness({ webhooks: WEBHOOKS });
    caller = await tokenFor(harness);
    const { app, clientSecret } = await createClientApp(
      { accountId: 'demo', name: 'vans', fleetId: 1 },
      { accounts: harness.running.accounts, clock: harness.clock },
    );
    fleet = await tokenFor(harness, { clientId: app.clientId, clientSecret });
    receiver = await startWebhookReceiver(() => ({ status: 204 }));
    const deps = adminDepsOver({
      accounts: harness.running.accounts,
      deliveries: harness.running.deliveries,
      clock: harness.clock,
      urlPolicy: WEBHOOKS.urlPolicy,
    });
    await adminCommands['add-webhook']!({ account: 'demo', url: receiver.url }, deps);
    expect(await adminCommands['set-failed-dropoff']!({ account: 'demo', then: 'reattempt', 'max-attempts': '2' }, deps)).toEqual({
      accountId: 'demo',
      failedDropoff: { then: 'reattempt', maxAttempts: 2 },
    });
  });
  afterAll(async () => {
    await receiver.stop();
    await harness.stop();
  });

  it('tries the drop-off again in the next slot, then brings the parcel back along a return leg', async () => {
    const created = await call(harness, 'POST', V1_ORDERS, { token: caller, json: aShipRequest() });
    const { task_id: id, way_points } = shipResponseSchema.parse(created.body).completedShipments![0]!;
    const [pickup, dropoff] = way_points.map((w) => w.id);
    await report(id, 'accept');
    await report(id, 'driver', { name: 'Grace Driver' });
    for (const step of ['start', `way_points/${pickup}/complete`, 'start', `way_points/${dropoff}/arrive`]) await report(id, step);

    const first = await report(id, `way_points/${dropoff}/fail`, { reason_code: 'recipient_unavailable' });
    expect(first).toMatchObject({ status: 'picked_up', follow_up: { kind: 'reattempt', attempt: 2 } });
    const order = await getOrder(id);
    expect(order.follow_up).toEqual({
      kind: 'reattempt',
      attempt: 2,
      window: { start_time: expect.any(String), end_time: expect.any(String) },
    });
    await eventually(() =>
      expect(webhooksOf(id).find((w) => w.type === 'task.dropoff_rescheduled')?.data).toMatchObject({
        attempt: 2,
        reason_code: 'recipient_unavailable',
        next_window: order.follow_up!.kind === 'reattempt' ? order.follow_up!.window : undefined,
      }),
    );
    // The task's snapshot promises the attempt to come, as the webhook saying so does.
    const rescheduled = webhooksOf(id).find((w) => w.type === 'task.dropoff_rescheduled')!;
    expect(rescheduled.data.way_points?.find((w) => w.type === 'dropoff')?.window).toEqual(rescheduled.data.next_window);
    // So does the recipient's tracking page: the attempt's window, no longer the first one's.
    const nextWindow = order.follow_up!.kind === 'reattempt' ? order.follow_up!.window! : null;
    const page = await (await fetch(order.tracking_url!)).text();
    expect(page).toContain(`<time datetime="${nextWindow!.start_time}">`);

    await report(id, 'start');
    await report(id, `way_points/${dropoff}/arrive`);
    const second = await report(id, `way_points/${dropoff}/fail`, { reason_code: 'access_problem', reason: 'Gate code wrong' });
    expect(second).toMatchObject({ status: 'failed', follow_up: { kind: 'return', completed_at: null } });
    await eventually(() => expect(webhooksOf(id).map((w) => w.type)).toContain('task.return_started'));
    const returned = await report(id, 'return');
    expect(returned).toMatchObject({ status: 'returned', follow_up: { kind: 'return', completed_at: expect.any(String) } });
    // Witness of the order of things: one rescheduling, one failure of the task, one return.
    await eventually(() => expect(webhooksOf(id).map((w) => w.type)).toContain('task.returned'));
    const types = webhooksOf(id).map((w) => w.type);
    expect(types.filter((type) => type === 'task.failed')).toHaveLength(1);
    expect(types.filter((type) => type === 'task.dropoff_rescheduled')).toHaveLength(1);
  });
});
