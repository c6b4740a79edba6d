import { Webhook } from 'standardwebhooks';
import { webhookPayloadSchema } from '@delivery/contracts';
import type { Resolver } from '@delivery/outbound';
import { eventually, startOAuthReceiver } from '@delivery/testing';
import { adminCommands } from '../apps/admin/src';
import { adminDepsOver } from '../apps/admin/src';
import { aCancelEvent, aShipRequest } from './support/ship-request.fixture';
import { consoleSession } from './support/console-session';
import { call, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const FAST_WEBHOOKS = {
  retryPolicy: { delaysMs: [200, 400], jitter: 0 },
  urlPolicy: { allowHttp: true, allowPrivateNetworks: true },
  timeoutMs: 2_000,
  pollIntervalMs: 50,
  endpointCacheMs: 0,
};

type Receiver = Awaited<ReturnType<typeof startOAuthReceiver>>;

/** Webhooks into a caller's platform that takes only its own OAuth 2.0 tokens (issue 23, the caller's side). */
describe('webhooks to a receiver that requires OAuth 2.0', () => {
  let harness: Harness;
  let token: string;
  const receivers: Receiver[] = [];
  const aReceiver = async (options: Parameters<typeof startOAuthReceiver>[0]) => {
    const receiver = await startOAuthReceiver(options);
    receivers.push(receiver);
    return receiver;
  };
  const addWebhook = (options: Record<string, string>, policy: { urlPolicy?: typeof FAST_WEBHOOKS.urlPolicy; resolve?: Resolver } = {}) =>
    adminCommands['add-webhook']!(
      { account: harness.demo.accountId, events: 'order.created,order.cancelled', ...options },
      adminDepsOver({
        accounts: harness.running.accounts,
        deliveries: harness.running.deliveries,
        clock: harness.clock,
        urlPolicy: policy.urlPolicy ?? FAST_WEBHOOKS.urlPolicy,
        resolve: policy.resolve,
      }),
    ) as Promise<{ id: string; signingSecret: string }>;
  const addOAuthWebhook = (receiver: Receiver, clientId: string, clientSecret: string, extra: Record<string, string> = {}) =>
    addWebhook({
      url: receiver.url,
      'oauth-token-url': receiver.tokenUrl,
      'oauth-client-id': clientId,
      'oauth-client-secret': clientSecret,
      ...extra,
    });
  const createAndCancel = async () => {
    const created = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() });
    expect(created.status).toBe(200);
    const { fulfillmentId, task_id: taskId } = created.body.completedShipments[0];
    return {
      taskId: taskId as string,
      cancel: () => call(harness, 'POST', `${V1_ORDERS}/cancel`, { token, json: aCancelEvent(fulfillmentId) }),
    };
  };

  beforeAll(async () => {
    harness = await startHarness({ webhooks: FAST_WEBHOOKS });
    token = await tokenFor(harness);
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.stop()));
    await harness.stop();
  });

  it('client credentials: one token for both webhooks, sent as a bearer token beside the signature, each with a growing sequence', async () => {
    const receiver = await aReceiver({ clientId: 'oms-hooks', clientSecret: 'client-secret-1' });
    const endpoint = await addOAuthWebhook(receiver, 'oms-hooks', 'client-secret-1');
    const order = await createAndCancel();
    expect((await order.cancel()).status).toBe(200);

    await eventually(() => expect(receiver.webhooks.filter((w) => w.accepted)).toHaveLength(2));
    expect(receiver.webhooks.map((w) => w.accepted)).toEqual([true, true]);
    expect(receiver.grants).toEqual(['client_credentials']);
    const verifier = new Webhook(endpoint.signingSecret);
    const payloads = receiver.webhooks.map((w) => {
      expect(() => verifier.verify(w.body, w.headers as Record<string, string>)).not.toThrow();
      return webhookPayloadSchema.parse(JSON.parse(w.body));
    });
    expect(payloads.map((p) => [p.type, p.data.task_id])).toEqual([
      ['order.created', order.taskId],
      ['order.cancelled', order.taskId],
    ]);
    expect(payloads[0]!.data.sequence).toEqual(expect.any(Number));
    expect(payloads[1]!.data.sequence).toBeGreaterThan(payloads[0]!.data.sequence!);
  });

  it('the password grant; a token the receiver revoked is replaced once on its 401, and the webhook still arrives', async () => {
    const user = { username: 'integration-user', password: 'user-password-1' };
    const receiver = await aReceiver({ clientId: 'oms-password', clientSecret: 'client-secret-2', user });
    await addOAuthWebhook(receiver, 'oms-password', 'client-secret-2', {
      'oauth-username': user.username,
      'oauth-password': user.password,
    });
    const order = await createAndCancel();
    await eventually(() => expect(receiver.webhooks.filter((w) => w.accepted)).toHaveLength(1));
    receiver.revokeAll();
    expect((await order.cancel()).status).toBe(200);

    await eventually(() => expect(receiver.webhooks.filter((w) => w.accepted)).toHaveLength(2));
    expect(receiver.webhooks.map((w) => w.accepted)).toEqual([true, false, true]);
    expect(receiver.grants).toEqual(['password', 'password']);
    expect(receiver.webhooks[1]!.body).toBe(receiver.webhooks[2]!.body);
  });

  it('a token endpoint that refuses our client fails the try in its own words, and no webhook goes out without a token', async () => {
    const receiver = await aReceiver({ clientId: 'oms-refused', clientSecret: 'the-right-secret' });
    const endpoint = await addOAuthWebhook(receiver, 'oms-refused', 'a-wrong-secret');
    await createAndCancel();
    const tries = async () =>
      (await harness.running.deliveries.list({ accountId: harness.demo.accountId, endpointId: endpoint.id, limit: 10 })).flatMap(
        (delivery) => delivery.attempts,
      );
    await eventually(async () => expect(await tries()).toHaveLength(3), 15_000);
    for (const attempt of await tries()) {
      expect(attempt).toMatchObject({
        statusCode: null,
        error: expect.stringMatching(/^the endpoint's token URL: answered HTTP 40[01] \(invalid_client\): our credentials are refused$/),
      });
    }
    expect(receiver.webhooks).toEqual([]);
  });

  it('refuses, at save, a token URL the outbound policy forbids', async () => {
    const strict = { allowHttp: false, allowPrivateNetworks: false };
    await expect(
      addWebhook(
        {
          url: 'https://oms.example.com/webhooks',
          'oauth-token-url': 'https://169.254.169.254/oauth/token',
          'oauth-client-id': 'oms',
          'oauth-client-secret': 'secret',
        },
        // The receiver's host is public; only its token URL points inside.
        { urlPolicy: strict, resolve: async () => ['93.184.216.34'] },
      ),
    ).rejects.toThrow(/^credentials\.token_url: /);
  });

  it('the console adds an OAuth endpoint, shows its credentials only by kind, and its webhooks arrive', async () => {
    const receiver = await aReceiver({ clientId: 'oms-console', clientSecret: 'console-secret-1' });
    const admin = await consoleSession(harness, 'admin');
    const added = await admin.as('POST', '/console/api/webhooks', {
      json: {
        url: receiver.url,
        event_types: ['order.created'],
        credentials: { kind: 'oauth2', token_url: receiver.tokenUrl, client_id: 'oms-console', client_secret: 'console-secret-1' },
      },
    });
    expect(added.status).toBe(201);
    expect(added.body.endpoint.credentials).toBe('oauth2');
    expect(JSON.stringify((await admin.as('GET', '/console/api/webhooks')).body)).not.toContain('console-secret-1');
    await createAndCancel();
    await eventually(() => expect(receiver.webhooks.filter((w) => w.accepted).length).toBeGreaterThanOrEqual(1));
    expect(receiver.webhooks.every((w) => w.accepted)).toBe(true);
  });
});
