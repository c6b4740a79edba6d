import { createClientApp } from '@delivery/accounts';
import { signLegacyRequest } from './support/legacy-signing';
import { aShipRequest } from './support/ship-request.fixture';
import { call, startHarness, tokenFor, V1_ORDERS, type CallResult, type Harness } from './support/standalone-harness';

const replayed = (answer: CallResult) => answer.headers.get('idempotent-replayed') === 'true';

/**
 * An Idempotency-Key belongs to the app that sent it: another app of the same account
 * sending the same key gets its own answer, never the first app's (issue 21). Every
 * surface that takes a key: the integration API, the legacy notes path, the fleet API and
 * the admin webhooks API.
 */
describe('Idempotency-Key is scoped to the calling app', () => {
  let harness: Harness;
  let first: { token: string; clientSecret: string };
  let second: { token: string; clientSecret: string };

  const appOf = async (name: string, fleetId?: number) => {
    const { app, clientSecret } = await createClientApp(
      { accountId: 'demo', name, fleetId },
      { accounts: harness.running.accounts, clock: harness.clock },
    );
    return { token: await tokenFor(harness, { clientId: app.clientId, clientSecret }), clientSecret };
  };
  const createOrder = async () =>
    (await call(harness, 'POST', V1_ORDERS, { token: first.token, json: aShipRequest() })).body.completedShipments[0] as {
      task_id: string;
      way_points: { id: string }[];
    };

  beforeAll(async () => {
    harness = await startHarness();
    first = { token: await tokenFor(harness), clientSecret: harness.demo.clientSecret };
    second = await appOf('second-oms');
  });
  afterAll(() => harness.stop());

  it("integration API: another app's key is a plain miss, and the first app's repeat is still replayed", async () => {
    const headers = { 'idempotency-key': 'create-1' };
    const request = aShipRequest();
    const mine = await call(harness, 'POST', V1_ORDERS, { token: first.token, json: request, headers });
    const theirs = await call(harness, 'POST', V1_ORDERS, { token: second.token, json: aShipRequest(), headers });
    const again = await call(harness, 'POST', V1_ORDERS, { token: first.token, json: request, headers });
    expect([mine.status, theirs.status, again.status]).toEqual([200, 200, 200]);
    expect(replayed(theirs)).toBe(false);
    expect(theirs.body.completedShipments[0].task_id).not.toBe(mine.body.completedShipments[0].task_id);
    expect(replayed(again)).toBe(true);
    expect(again.body).toEqual(mine.body);
  });

  it("fleet API: a fleet sending another fleet's key gets its own 404, never the other fleet's task", async () => {
    const fleetOne = await appOf('fleet-1', 1);
    const fleetTwo = await appOf('fleet-2', 2);
    const task = await createOrder();
    const headers = { 'idempotency-key': `accept-${task.task_id}` };
    const path = `/fleet/v1/tasks/${task.task_id}/accept`;
    const accepted = await call(harness, 'POST', path, { token: fleetOne.token, headers });
    expect(accepted.status).toBe(200);
    const stranger = await call(harness, 'POST', path, { token: fleetTwo.token, headers });
    expect(stranger.status).toBe(404);
    expect(replayed(stranger)).toBe(false);
    expect(JSON.stringify(stranger.body)).not.toContain(task.way_points[0]!.id);
    const driver = { 'idempotency-key': `driver-${task.task_id}` };
    const named = await call(harness, 'PUT', `/fleet/v1/tasks/${task.task_id}/driver`, {
      token: fleetOne.token,
      headers: driver,
      json: { name: 'Grace Hopper', phone: '+15550123' },
    });
    expect(named.status).toBe(200);
    const strangerDriver = await call(harness, 'PUT', `/fleet/v1/tasks/${task.task_id}/driver`, {
      token: fleetTwo.token,
      headers: driver,
      json: { name: 'Grace Hopper', phone: '+15550123' },
    });
    expect(strangerDriver.status).toBe(404);
    expect(replayed(strangerDriver)).toBe(false);
    expect(replayed(await call(harness, 'POST', path, { token: fleetOne.token, headers }))).toBe(true);
  });

  it('legacy notes path: the same key from another app adds that app its own note', async () => {
    const task = await createOrder();
    const path = `/partner_api/tasks/${task.task_id}/way_points/${task.way_points[1]!.id}/notes`;
    const headers = { 'idempotency-key': 'note-1' };
    const signed = (app: { token: string; clientSecret: string }) => {
      const body = { access_token: app.token, timestamp: String(harness.clock.now().getTime()), type: 0, note: 'Gate code 1234' };
      return { ...body, signature: signLegacyRequest(app.clientSecret, body) };
    };
    const mine = await call(harness, 'POST', path, { json: signed(first), headers });
    const theirs = await call(harness, 'POST', path, { json: signed(second), headers });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(replayed(theirs)).toBe(false);
    expect(theirs.body.note.id).not.toBe(mine.body.note.id);
  });

  it('admin webhooks API: the same key from another app is answered afresh', async () => {
    const headers = { 'idempotency-key': 'replay-1' };
    const path = '/admin/v1/webhooks/deliveries/whd_unknown/replay';
    const mine = await call(harness, 'POST', path, { token: first.token, headers });
    const theirs = await call(harness, 'POST', path, { token: second.token, headers });
    expect([mine.status, theirs.status]).toEqual([404, 404]);
    expect(replayed(theirs)).toBe(false);
    expect(replayed(await call(harness, 'POST', path, { token: first.token, headers }))).toBe(true);
  });
});
