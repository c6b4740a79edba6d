import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '@delivery/testing';
import { aShipRequest } from './support/ship-request.fixture';
import { consoleSession } from './support/console-session';
import { call, createOtherAccount, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const FAST_WEBHOOKS = {
  retryPolicy: { delaysMs: [100], jitter: 0 },
  urlPolicy: { allowHttp: true, allowPrivateNetworks: true },
  timeoutMs: 2_000,
  pollIntervalMs: 50,
  endpointCacheMs: 0,
};

describe('Console API: webhook endpoints and their deliveries', () => {
  let harness: Harness;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    // The property tests below change one endpoint hundreds of times as one user: the console's quotas are lifted.
    harness = await startHarness({
      webhooks: FAST_WEBHOOKS,
      rateLimits: { consoleUserPerMinute: 1_000_000, consoleAccountPerMinute: 1_000_000 },
    });
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.stop()));
    await harness.stop();
  });

  it('adds an endpoint whose secret signs the webhooks of a new order, shows each try, and replays a failed one', async () => {
    const admin = await consoleSession(harness, 'admin');
    let failing = true;
    const receiver = await startWebhookReceiver(() => ({ status: failing ? 500 : 204 }));
    receivers.push(receiver);

    const added = await admin.as('POST', '/console/api/webhooks', {
      json: { url: receiver.url, event_types: ['order.created'], credentials: { kind: 'bearer', token: 'oms-token' } },
    });
    expect(added.status).toBe(201);
    expect(added.body.endpoint).toMatchObject({
      url: receiver.url,
      event_types: ['order.created'],
      credentials: 'bearer',
      disabled_at: null,
    });
    expect(added.body.signing_secret).toMatch(/^whsec_/);
    const listed = await admin.as('GET', '/console/api/webhooks');
    expect(listed.body.endpoints).toEqual([added.body.endpoint]);
    expect(JSON.stringify(listed.body)).not.toContain(added.body.signing_secret);
    expect(JSON.stringify(listed.body)).not.toContain('oms-token');

    const created = await call(harness, 'POST', V1_ORDERS, { token: await tokenFor(harness), json: aShipRequest() });
    const taskId = created.body.completedShipments[0].task_id as string;
    // One try, one retry, both refused: the dispatcher gives the delivery up (dead).
    const deliveries = `/console/api/webhook-deliveries?endpoint_id=${added.body.endpoint.id}`;
    await eventually(async () => {
      const answer = await admin.as('GET', deliveries);
      expect(answer.body.deliveries).toEqual([expect.objectContaining({ task_id: taskId, status: 'dead' })]);
      expect(answer.body.deliveries[0].attempts).toEqual([
        expect.objectContaining({ status_code: 500 }),
        expect.objectContaining({ status_code: 500 }),
      ]);
    });

    failing = false;
    const id = (await admin.as('GET', deliveries)).body.deliveries[0].id as string;
    const replayed = await admin.as('POST', `/console/api/webhook-deliveries/${id}/replay`);
    expect(replayed.status).toBe(202);
    await eventually(async () => expect((await admin.as('GET', deliveries)).body.deliveries[0].status).toBe('delivered'));
    const last = receiver.received.at(-1)!;
    expect(() => new Webhook(added.body.signing_secret).verify(last.body, last.headers as Record<string, string>)).not.toThrow();
    expect(last.headers.authorization).toBe('Bearer oms-token');
  });

  it("changes an endpoint's URL, events and credentials, and disables and enables it; the next orders' webhooks follow", async () => {
    const other = await createOtherAccount(harness);
    const admin = await consoleSession(harness, 'admin', other.accountId);
    const [first, second] = [await startWebhookReceiver(), await startWebhookReceiver()];
    receivers.push(first, second);
    const added = await admin.as('POST', '/console/api/webhooks', { json: { url: first.url, event_types: ['order.cancelled'] } });
    const path = `/console/api/webhooks/${added.body.endpoint.id}`;

    const changed = await admin.as('PATCH', path, {
      json: { url: second.url, event_types: ['order.created'], credentials: { kind: 'basic', username: 'oms', password: 'pw' } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.endpoint).toEqual({
      ...added.body.endpoint,
      url: second.url,
      event_types: ['order.created'],
      credentials: 'basic',
    });
    const token = await tokenFor(harness, other);
    const order = async (fulfillmentId: string) =>
      (await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest({ fulfillmentId }) })).body.completedShipments[0]
        .task_id as string;
    const received = () => second.received.map((r) => JSON.parse(r.body).data.task_id as string);
    const whileEnabled = await order('FUL-PATCH-1');
    await eventually(() => expect(received()).toEqual([whileEnabled]));
    expect(second.received[0]!.headers.authorization).toBe(`Basic ${Buffer.from('oms:pw').toString('base64')}`);
    expect(() =>
      new Webhook(added.body.signing_secret).verify(second.received[0]!.body, second.received[0]!.headers as Record<string, string>),
    ).not.toThrow();

    // A second endpoint of the account witnesses when the dispatcher has taken an event: it
    // decides every endpoint's webhooks of an event at once.
    const witness = await startWebhookReceiver();
    receivers.push(witness);
    await admin.as('POST', '/console/api/webhooks', { json: { url: witness.url, event_types: ['order.created'] } });
    const witnessed = () => witness.received.map((r) => JSON.parse(r.body).data.task_id as string);

    const disabled = await admin.as('PATCH', path, { json: { enabled: false } });
    expect(disabled.body.endpoint).toMatchObject({ disabled_at: expect.any(String), disabled_reason: `disabled by ${admin.user.email}` });
    const whileDisabled = await order('FUL-PATCH-2');
    await eventually(() => expect(witnessed()).toContain(whileDisabled));
    expect((await admin.as('PATCH', path, { json: { enabled: true } })).body.endpoint).toMatchObject({ disabled_at: null });
    const afterwards = await order('FUL-PATCH-3');
    await eventually(() => expect(witnessed()).toContain(afterwards));
    await eventually(() => expect(received()).toContain(afterwards));
    expect(received()).not.toContain(whileDisabled);
    expect(first.received).toEqual([]);

    const refused = await admin.as('PATCH', path, { json: { event_types: ['order.shipped'], url: 'ftp://x' } });
    expect(refused.status).toBe(400);
    const listed = (await admin.as('GET', '/console/api/webhooks')).body.endpoints as { id: string; url: string }[];
    expect(listed.find((e) => e.id === added.body.endpoint.id)?.url).toBe(second.url);
    const viewer = await consoleSession(harness, 'viewer', other.accountId);
    expect((await viewer.as('PATCH', path, { json: { enabled: false } })).status).toBe(403);
    const stranger = await consoleSession(harness, 'admin');
    expect((await stranger.as('PATCH', path, { json: { enabled: false } })).status).toBe(404);
  });

  it('answers any JSON change of an endpoint with 200 or 400, never a 500, and a refused change leaves it as it was', async () => {
    const other = await createOtherAccount(harness);
    const admin = await consoleSession(harness, 'admin', other.accountId);
    const path = `/console/api/webhooks/${(await admin.as('POST', '/console/api/webhooks', { json: { url: 'http://127.0.0.1:9/a' } })).body.endpoint.id}`;
    const field = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom('http://127.0.0.1:9/b', 'ftp://x', ['order.created'], ['order.nope'], true, false, { kind: 'bearer', token: 't' }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.record({ url: field, event_types: field, credentials: field, enabled: field }, { requiredKeys: [] })),
        async (body) => {
          const before = (await admin.as('GET', '/console/api/webhooks')).body.endpoints;
          const answer = await admin.as('PATCH', path, { json: body });
          expect([200, 400]).toContain(answer.status);
          if (answer.status === 400) {
            expect(answer.body).toMatchObject({ status: 400, success: false });
            expect((await admin.as('GET', '/console/api/webhooks')).body.endpoints).toEqual(before);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('rotates the signing secret (the old one signs on during the overlap) and deletes the endpoint', async () => {
    const owner = await consoleSession(harness, 'owner');
    const added = await owner.as('POST', '/console/api/webhooks', { json: { url: 'http://127.0.0.1:9/hooks' } });
    expect(added.body.endpoint.event_types.length).toBeGreaterThan(5);
    const id = added.body.endpoint.id as string;
    const rotated = await owner.as('POST', `/console/api/webhooks/${id}/secret`, { json: { overlap_hours: 2 } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.signing_secret).not.toBe(added.body.signing_secret);
    const [old, current] = rotated.body.endpoint.secrets;
    expect(old.expires_at).toBe(new Date(harness.clock.now().getTime() + 2 * 3600_000).toISOString());
    expect(current.expires_at).toBeNull();

    expect((await owner.as('DELETE', `/console/api/webhooks/${id}`)).status).toBe(204);
    expect((await owner.as('DELETE', `/console/api/webhooks/${id}`)).status).toBe(404);
  });

  it.each([
    [{ url: 'ftp://example.com/hooks' }, /url|http/i],
    [{ url: 'http://127.0.0.1/x', event_types: ['order.teleported'] }, /unknown event types order\.teleported/],
    [{ url: 'http://127.0.0.1/x', credentials: { kind: 'headers', headers: { 'Webhook-Signature': 'x' } } }, /Webhook-Signature/],
    [{ url: 'http://127.0.0.1/x', credentials: { kind: 'magic' } }, /credentials/],
    [{ event_types: 'all' }, /url/],
  ])('refuses the endpoint %j with 400 naming what is wrong, and stores nothing', async (body, message) => {
    const admin = await consoleSession(harness, 'admin');
    const before = (await admin.as('GET', '/console/api/webhooks')).body.endpoints.length;
    const answer = await admin.as('POST', '/console/api/webhooks', { json: body });
    expect(answer.status).toBe(400);
    expect(answer.body.details.reason).toMatch(message);
    expect((await admin.as('GET', '/console/api/webhooks')).body.endpoints).toHaveLength(before);
  });

  it("lets a viewer read but not change; another account's user can neither see nor touch the endpoints", async () => {
    const admin = await consoleSession(harness, 'admin');
    const id = (await admin.as('POST', '/console/api/webhooks', { json: { url: 'http://127.0.0.1:9/a' } })).body.endpoint.id as string;
    const viewer = await consoleSession(harness, 'viewer');
    expect((await viewer.as('GET', '/console/api/webhooks')).body.endpoints.map((e: { id: string }) => e.id)).toContain(id);
    expect((await viewer.as('POST', '/console/api/webhooks', { json: { url: 'http://127.0.0.1:9/b' } })).status).toBe(403);
    expect((await viewer.as('POST', `/console/api/webhooks/${id}/secret`)).status).toBe(403);
    expect((await viewer.as('DELETE', `/console/api/webhooks/${id}`)).status).toBe(403);

    const other = await createOtherAccount(harness);
    const stranger = await consoleSession(harness, 'owner', other.accountId);
    expect((await stranger.as('GET', '/console/api/webhooks')).body.endpoints).toEqual([]);
    expect((await stranger.as('GET', '/console/api/webhook-deliveries')).body.deliveries).toEqual([]);
    expect((await stranger.as('POST', `/console/api/webhooks/${id}/secret`)).status).toBe(404);
    expect((await stranger.as('DELETE', `/console/api/webhooks/${id}`)).status).toBe(404);
    expect(
      (await stranger.as('POST', `/console/api/webhooks/${id}/replay-failed`, { json: { since: '2026-01-01T00:00:00Z' } })).status,
    ).toBe(404);
    expect((await admin.as('GET', '/console/api/webhooks')).body.endpoints.map((e: { id: string }) => e.id)).toContain(id);
  });
});
