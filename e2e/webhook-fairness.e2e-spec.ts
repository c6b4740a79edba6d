import { createServer, type IncomingMessage, type Server } from 'node:http';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '@delivery/testing';
import { adminCommands } from '../apps/admin/src';
import { adminDepsOver } from '../apps/admin/src';
import { aShipRequest } from './support/ship-request.fixture';
import { call, createOtherAccount, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const URL_POLICY = { allowHttp: true, allowPrivateNetworks: true };

/** An endpoint that takes webhooks and never answers: each try holds its slot until the timeout. */
async function startHangingEndpoint() {
  const held: IncomingMessage[] = [];
  const server: Server = createServer((req) => void held.push(req));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    held,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe('webhook fairness', () => {
  let harness: Harness;
  let hanging: Awaited<ReturnType<typeof startHangingEndpoint>>;
  let answering: WebhookReceiver;

  beforeAll(async () => {
    hanging = await startHangingEndpoint();
    answering = await startWebhookReceiver();
    harness = await startHarness({
      webhooks: {
        urlPolicy: URL_POLICY,
        retryPolicy: { delaysMs: [60_000], jitter: 0 },
        timeoutMs: 8_000,
        concurrency: 6,
        perEndpointConcurrency: 2,
        pollIntervalMs: 50,
        endpointCacheMs: 0,
      },
    });
  });
  afterAll(async () => {
    await harness.stop();
    await Promise.all([hanging.stop(), answering.stop()]);
  });

  const addWebhook = (accountId: string, url: string) =>
    adminCommands['add-webhook']!(
      { account: accountId, url, events: 'order.created' },
      adminDepsOver({
        accounts: harness.running.accounts,
        deliveries: harness.running.deliveries,
        clock: harness.clock,
        urlPolicy: URL_POLICY,
      }),
    );

  it("a hanging endpoint holds only its own share of the slots: another account's webhooks go out at once", async () => {
    await addWebhook(harness.demo.accountId, hanging.url);
    const other = await createOtherAccount(harness);
    await addWebhook(other.accountId, answering.url);

    const slowToken = await tokenFor(harness);
    for (let i = 0; i < 8; i += 1)
      expect((await call(harness, 'POST', V1_ORDERS, { token: slowToken, json: aShipRequest() })).status).toBe(200);
    await eventually(() => expect(hanging.held.length).toBe(2));

    const started = Date.now();
    const quickToken = await tokenFor(harness, other);
    for (let i = 0; i < 3; i += 1)
      expect((await call(harness, 'POST', V1_ORDERS, { token: quickToken, json: aShipRequest() })).status).toBe(200);
    await eventually(() => expect(answering.received).toHaveLength(3));
    // Well before the hanging tries time out (8 s): no slot of theirs had to be freed first.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(hanging.held.length).toBe(2);
  });
});
