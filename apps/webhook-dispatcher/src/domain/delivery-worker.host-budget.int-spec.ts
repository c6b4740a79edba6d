import { randomBytes } from 'node:crypto';
import type { WebhookEndpoint } from '@delivery/accounts';
import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { HostBudget } from '@delivery/outbound';
import { eventually, recordIntegrationSuite, startWebhookReceiver, tempDataDir, type WebhookReceiver } from '@delivery/testing';
import type { NewDelivery } from '@delivery/webhook-deliveries';
import { EmbeddedDeliveryRepository } from '@delivery/webhook-deliveries/embedded';
import { HttpWebhookSender } from '../adapters/http.webhook-sender';
import { DeliveryWorker } from './delivery-worker';
import { DEFAULT_RETRY_POLICY } from './retry-policy';

/** The worker against a real receiver over HTTP, with one account's requests a minute to its host spent. */
describe('DeliveryWorker under the host budget', () => {
  const dir = tempDataDir('worker-budget-');
  const store = openEmbeddedStore(dir.path);
  const deliveries = new EmbeddedDeliveryRepository(store, 86_400_000);
  const budgets = new EmbeddedKeyValueStore(store);
  const clock = new ManualClock(new Date('2026-11-27T10:00:10.000Z'));
  const sender = new HttpWebhookSender({ policy: { allowHttp: true, allowPrivateNetworks: true }, timeoutMs: 2_000 });
  let receiver: WebhookReceiver;
  let worker: DeliveryWorker;
  const LEASE_MS = 5_000;
  const endpoint = (id: string, accountId: string): WebhookEndpoint => ({
    id,
    accountId,
    url: receiver.url,
    eventTypes: [],
    credentials: { kind: 'bearer', token: 't' },
    secrets: [{ secret: `whsec_${randomBytes(24).toString('base64')}`, createdAt: clock.now().toISOString(), expiresAt: null }],
    createdAt: clock.now().toISOString(),
    disabledAt: null,
    disabledReason: null,
  });
  const endpoints = new Map<string, WebhookEndpoint>();
  const outcomes: string[] = [];
  const delivery = (endpointId: string, accountId: string, n: number): NewDelivery => ({
    id: `msg_${accountId}_${n}`,
    accountId,
    endpointId,
    eventId: `evt_${accountId}_${n}`,
    eventType: 'order.created',
    taskId: 'tsk_1',
    body: JSON.stringify({ n }),
    createdAt: clock.now().toISOString(),
    dueAt: clock.now().getTime(),
  });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    endpoints.set('whe_a', endpoint('whe_a', 'acc_a'));
    endpoints.set('whe_b', endpoint('whe_b', 'acc_b'));
    worker = new DeliveryWorker(
      {
        deliveries,
        endpoints: {
          getWebhookEndpoint: async (id) => endpoints.get(id) ?? null,
          listWebhookEndpoints: async () => [...endpoints.values()],
          setWebhookEndpointDisabled: async () => true,
        },
        sender,
        tokens: { bearer: async () => 'unused', forget: () => undefined },
        hostBudget: new HostBudget(budgets, 2, () => clock.now().getTime()),
        clock,
        policy: DEFAULT_RETRY_POLICY,
        logger: { error: () => undefined },
        onAttempt: (outcome) => outcomes.push(outcome),
      },
      { concurrency: 10, perEndpointConcurrency: 10, leaseMs: LEASE_MS, pollIntervalMs: 20 },
    );
    worker.start();
    recordIntegrationSuite({ suite: 'webhook-dispatcher/host-budget', ran: true });
  });
  afterAll(async () => {
    await worker.stop();
    sender.close();
    await receiver.stop();
    await budgets.close();
    await store.close();
    dir.remove();
  });

  it("sends an account's webhooks to one host up to its budget, keeps the rest untried and in order, and sends them when the next minute comes", async () => {
    await worker.add([1, 2, 3].map((n) => delivery('whe_a', 'acc_a', n)));
    await eventually(() => expect(outcomes.filter((o) => o === 'postponed').length).toBeGreaterThan(0));
    await eventually(() => expect(receiver.received.map((w) => JSON.parse(w.body).n)).toEqual([1, 2]));
    const waiting = (await deliveries.get('msg_acc_a_3'))!;
    expect(waiting).toMatchObject({ status: 'pending', triesInRound: 0, attempts: [] });

    // Another account's webhooks to the same host have their own budget.
    await worker.add([delivery('whe_b', 'acc_b', 1)]);
    await eventually(() => expect(receiver.received).toHaveLength(3));

    // The next minute, once the lease has run out: the third goes, after the first two.
    clock.advance(60_000 + LEASE_MS);
    worker.notify();
    await eventually(async () => expect((await deliveries.get('msg_acc_a_3'))!.status).toBe('delivered'));
    expect(receiver.received.filter((w) => w.body.includes('"n"')).map((w) => JSON.parse(w.body).n)).toEqual([1, 2, 1, 3]);
  });
});
