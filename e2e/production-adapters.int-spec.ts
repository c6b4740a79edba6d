import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createClientApp } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { ManualClock, systemClock } from '@delivery/clock';
import {
  TOPICS,
  notificationEventSchema,
  orderEventSchema,
  orderTopicEventSchema,
  type NotificationEvent,
  type OrderEvent,
} from '@delivery/contracts';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { DEFAULT_HANDLING } from '@delivery/event-bus';
import { KafkaEventBus } from '@delivery/event-bus/kafka';
import { REDIS_COMMAND_TIMEOUT_MS, RedisKeyValueStore } from '@delivery/key-value/redis';
import {
  eventually,
  recordIntegrationSuite,
  startKafkaMockBroker,
  startRedisServer,
  startWebhookReceiver,
  tempDataDir,
  type KafkaMockBroker,
  type ThrowAwayRedis,
  type WebhookReceiver,
} from '@delivery/testing';
import { generateWebhookSecret } from '@delivery/accounts';
import { Webhook } from 'standardwebhooks';
import { QuoteReservationsGrpcClient } from '../apps/order-lifecycle/src';
import { EmbeddedTaskRepository } from '../apps/order-lifecycle/src';
import { startOrderLifecycle, type RunningOrderLifecycle } from '../apps/order-lifecycle/src';
import { EmbeddedNoteRepository } from '../apps/notes/src';
import { TaskDirectoryGrpcClient } from '../apps/notes/src';
import { startNotesService } from '../apps/notes/src';
import { EmbeddedQuoteRepository } from '../apps/quote/src';
import { startQuoteService } from '../apps/quote/src';
import { EmbeddedDeliveryRepository } from '@delivery/webhook-deliveries/embedded';
import { DEFAULT_WEBHOOK_SETTINGS } from '../apps/webhook-dispatcher/src';
import { startWebhookDispatcher } from '../apps/webhook-dispatcher/src';
import { startGateway, type RunningGateway } from '../apps/gateway/src';
import { MediaLinks } from '@delivery/proof-media';
import { S3ProofMediaStore } from '@delivery/proof-media/s3';
import { startS3Server, type ThrowAwayS3 } from '@delivery/testing/s3';
import { generateSecretsKey, parseSecretsKey, SecretBox } from '@delivery/accounts';
import { EmbeddedMessageRepository } from '../apps/notifier/src';
import { EmbeddedOptOutRepository } from '../apps/notifier/src';
import { RecipientDirectoryGrpcClient } from '../apps/notifier/src';
import { DEFAULT_NOTIFIER_SETTINGS } from '../apps/notifier/src';
import { startNotifier } from '../apps/notifier/src';
import { orderEvent } from '../libs/testing/src/order-events.fixture';
import { aCancelEvent, aShipRequest } from './support/ship-request.fixture';

/**
 * The apps wired as in production, over real servers: tokens in redis-server, events
 * through the Kafka protocol (librdkafka's mock cluster), webhooks from the dispatcher's
 * Kafka consumer to a real HTTP receiver. MongoDB has its own contract suites; here the
 * embedded repositories stand in for it.
 */
describe('production adapters: Redis tokens, Kafka events and webhooks', () => {
  const dir = tempDataDir('prod-');
  let redis: ThrowAwayRedis;
  let s3: ThrowAwayS3;
  let proofMedia: S3ProofMediaStore;
  // One key for the gateway's and the dispatcher's links, as both derive theirs from the secrets key.
  const mediaLinks = new MediaLinks([randomBytes(32)]);
  let broker: KafkaMockBroker;
  let orderLifecycle: RunningOrderLifecycle;
  let tasks: EmbeddedTaskRepository;
  let quote: Awaited<ReturnType<typeof startQuoteService>>;
  let quoteReservations: QuoteReservationsGrpcClient;
  let notes: Awaited<ReturnType<typeof startNotesService>>;
  let taskDirectory: TaskDirectoryGrpcClient;
  let gateway: RunningGateway;
  let kv: RedisKeyValueStore;
  let publisher: KafkaEventBus;
  let reader: KafkaEventBus;
  const clock = new ManualClock();
  const accounts = new EmbeddedAccountRepository(openEmbeddedStore(`${dir.path}/accounts`));
  let credentials: { clientId: string; clientSecret: string };
  let dispatcher: Awaited<ReturnType<typeof startWebhookDispatcher>>;
  let notifier: Awaited<ReturnType<typeof startNotifier>>;
  let notifierBus: KafkaEventBus;
  let recipients: RecipientDirectoryGrpcClient;
  let dispatcherBus: KafkaEventBus;
  let receiver: WebhookReceiver;
  const signingSecret = generateWebhookSecret();

  beforeAll(async () => {
    try {
      [redis, broker] = await Promise.all([
        startRedisServer(),
        startKafkaMockBroker([TOPICS.orders, TOPICS.quotes, TOPICS.notes, TOPICS.notifications, DEFAULT_HANDLING.deadLetterTopic]),
      ]);
    } catch (error) {
      recordIntegrationSuite({ suite: 'gateway/production-adapters', ran: false, reason: String(error) });
      throw error;
    }
    recordIntegrationSuite({ suite: 'gateway/production-adapters', ran: true });
    await accounts.createAccount({ id: 'acme', name: 'Acme', createdAt: clock.now().toISOString() });
    await accounts.putServicePlan({
      accountId: 'acme',
      carrierCode: 'OWNFLEET',
      serviceLevel: 'EXPRESS',
      carrierName: 'Acme Fleet',
      currency: 'USD',
      baseCharge: 5,
      perKgCharge: 1,
    });
    const issued = await createClientApp({ accountId: 'acme', name: 'oms' }, { accounts, clock });
    credentials = { clientId: issued.app.clientId, clientSecret: issued.clientSecret };

    publisher = new KafkaEventBus({ brokers: broker.brokers, clientId: 'order-lifecycle', idempotentProducer: false });
    reader = new KafkaEventBus({ brokers: broker.brokers, clientId: 'analyst', sessionTimeoutMs: 6_000, idempotentProducer: false });
    kv = await RedisKeyValueStore.connect(redis.url);
    tasks = new EmbeddedTaskRepository(openEmbeddedStore(`${dir.path}/order-lifecycle`));
    const quotes = new EmbeddedQuoteRepository(openEmbeddedStore(`${dir.path}/quote`));
    quote = await startQuoteService(
      { quotes, fleets: accounts, bus: publisher, clock, budgets: kv },
      { grpcAddress: '127.0.0.1:0', fleetBudgetMs: 1_000 },
    );
    quoteReservations = new QuoteReservationsGrpcClient({ address: `127.0.0.1:${quote.port}` }, 5_000);
    orderLifecycle = await startOrderLifecycle(
      { tasks, plans: accounts, fleets: accounts, quotes: quoteReservations, bus: publisher, clock, courierBudgets: kv },
      { grpcAddress: '127.0.0.1:0' },
    );
    taskDirectory = new TaskDirectoryGrpcClient({ address: `127.0.0.1:${orderLifecycle.port}` }, 5_000);
    notes = await startNotesService(
      { notes: new EmbeddedNoteRepository(openEmbeddedStore(`${dir.path}/notes`)), tasks: taskDirectory, bus: publisher, clock },
      { grpcAddress: '127.0.0.1:0' },
    );
    receiver = await startWebhookReceiver();
    await accounts.putWebhookEndpoint({
      id: 'whe_acme',
      accountId: 'acme',
      url: receiver.url,
      eventTypes: ['order.created'],
      credentials: { kind: 'basic', username: 'acme', password: 'hooks' },
      secrets: [{ secret: signingSecret, createdAt: clock.now().toISOString(), expiresAt: null }],
      createdAt: clock.now().toISOString(),
      disabledAt: null,
      disabledReason: null,
    });
    dispatcherBus = new KafkaEventBus({
      brokers: broker.brokers,
      clientId: 'webhook-dispatcher',
      sessionTimeoutMs: 6_000,
      idempotentProducer: false,
    });
    dispatcher = await startWebhookDispatcher(
      {
        deliveries: new EmbeddedDeliveryRepository(openEmbeddedStore(`${dir.path}/webhook-dispatcher`)),
        accounts,
        bus: dispatcherBus,
        clock: systemClock,
        budgets: kv,
        mediaLinks,
      },
      {
        grpcAddress: '127.0.0.1:0',
        settings: {
          ...DEFAULT_WEBHOOK_SETTINGS,
          retryPolicy: { delaysMs: [200, 400], jitter: 0 },
          urlPolicy: { allowHttp: true, allowPrivateNetworks: true },
          pollIntervalMs: 50,
          endpointCacheMs: 0,
        },
      },
    );
    // The notifier reads the same topic in its own group, over the same broker.
    notifierBus = new KafkaEventBus({ brokers: broker.brokers, clientId: 'notifier', sessionTimeoutMs: 6_000, idempotentProducer: false });
    recipients = new RecipientDirectoryGrpcClient({ address: `127.0.0.1:${orderLifecycle.port}` }, 5_000);
    const notifierStore = openEmbeddedStore(`${dir.path}/notifier`);
    const messages = new EmbeddedMessageRepository(notifierStore);
    notifier = await startNotifier(
      {
        messages,
        optOuts: new EmbeddedOptOutRepository(notifierStore, messages.outbox),
        recipients,
        accounts,
        bus: notifierBus,
        clock,
        secrets: new SecretBox(parseSecretsKey(generateSecretsKey(), 'test')),
        budgets: kv,
      },
      { grpcAddress: '127.0.0.1:0', settings: { ...DEFAULT_NOTIFIER_SETTINGS, pollIntervalMs: 50 }, publicBaseUrl: () => null },
    );
    s3 = await startS3Server('proofs');
    proofMedia = new S3ProofMediaStore({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: s3.credentials,
      timeoutMs: 5_000,
    });
    gateway = await startGateway(
      { kv, accounts, clock, proofMedia, mediaLinks },
      {
        host: '127.0.0.1',
        port: 0,
        services: {
          orderLifecycle: { address: `127.0.0.1:${orderLifecycle.port}` },
          quote: { address: `127.0.0.1:${quote.port}` },
          notes: { address: `127.0.0.1:${notes.port}` },
          webhookDispatcher: { address: `127.0.0.1:${dispatcher.port}` },
          notifier: { address: `127.0.0.1:${notifier.port}` },
        },
        grpcDeadlineMs: 5_000,
        jsonBodyLimit: '1mb',
      },
    );
  }, 60_000);

  afterAll(async () => {
    await gateway?.stop();
    await dispatcher?.stop();
    await notifier?.stop();
    recipients?.close();
    await receiver?.stop();
    await notes?.stop();
    taskDirectory?.close();
    await orderLifecycle?.stop();
    quoteReservations?.close();
    await quote?.stop();
    await Promise.all([publisher?.close(), reader?.close(), dispatcherBus?.close(), notifierBus?.close(), kv?.close()]);
    await proofMedia?.close();
    await Promise.all([redis?.stop(), broker?.stop(), s3?.stop()]);
    dir.remove();
  });

  it('issues tokens kept in Redis and publishes the order events to Kafka, keyed by task id', async () => {
    const token = await tokenOf(gateway.url, credentials);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const orders = `${gateway.url}/partner-integrations-service/v1/integrations/partner/orders`;

    const created = (await (await fetch(orders, { method: 'POST', headers, body: JSON.stringify(aShipRequest()) })).json()) as any;
    const shipment = created.completedShipments[0];
    const cancel = await fetch(`${orders}/cancel`, { method: 'POST', headers, body: JSON.stringify(aCancelEvent(shipment.fulfillmentId)) });
    expect(cancel.status).toBe(200);

    const received: { key: string; event: OrderEvent }[] = [];
    const subscription = await reader.subscribe({ groupId: 'analyst', topics: [TOPICS.orders], fromBeginning: true }, async (message) => {
      received.push({ key: message.key, event: orderEventSchema.parse(JSON.parse(message.value)) });
    });
    await eventually(() => expect(received.map((r) => r.event.type)).toEqual(['OrderCreated', 'OrderCancelled']), 30_000);
    expect(received.every((r) => r.key === shipment.task_id)).toBe(true);
    expect(received[0]!.event).toMatchObject({
      accountId: 'acme',
      data: { taskId: shipment.task_id, fulfillmentId: shipment.fulfillmentId },
    });
    await subscription.stop();
  }, 60_000);

  it("gives an analyst's own Kafka consumer (kcat) well-formed JSON envelopes, keyed by task id", async () => {
    const read = () =>
      new Promise<string>((resolve, reject) =>
        execFile(
          'kcat',
          ['-b', broker.brokers.join(','), '-t', TOPICS.orders, '-C', '-o', 'beginning', '-e', '-q', '-f', '%k\t%s\n'],
          { timeout: 20_000 },
          (error, stdout) => (error ? reject(error) : resolve(stdout)),
        ),
      );
    const lines = (await eventually(async () => {
      const out = (await read()).trim().split('\n').filter(Boolean);
      expect(out.length).toBeGreaterThanOrEqual(2);
      return out;
    }, 30_000)) as string[];
    for (const line of lines) {
      const [key, value] = line.split('\t');
      const event = orderTopicEventSchema.parse(JSON.parse(value!));
      expect(key).toBe(event.subject);
      expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(event.occurredAt)).not.toBeNaN();
    }
  }, 60_000);

  it('sends the webhook of a Kafka event, signed and with the caller’s basic auth', async () => {
    await eventually(() => expect(receiver.received.length).toBeGreaterThanOrEqual(1), 30_000);
    const webhook = receiver.received[0]!;
    expect(new Webhook(signingSecret).verify(webhook.body, webhook.headers as Record<string, string>)).toMatchObject({
      type: 'order.created',
    });
    expect(webhook.headers.authorization).toBe(`Basic ${Buffer.from('acme:hooks').toString('base64')}`);
  }, 60_000);

  it("takes order events in the notifier's own consumer group, and publishes what became of each message", async () => {
    // A dispatch as order-lifecycle publishes it, of a task the directory does not know: its messages are skipped, and said so.
    const dispatched = { ...orderEvent('TaskDispatched', { fleetId: 1, fleetName: 'Own fleet' }), id: randomUUID(), accountId: 'acme' };
    await publisher.publish(TOPICS.orders, [{ key: dispatched.subject, value: JSON.stringify(dispatched) }]);
    const received: NotificationEvent[] = [];
    const subscription = await reader.subscribe(
      { groupId: 'analyst-notifications', topics: [TOPICS.notifications], fromBeginning: true },
      async (message) => void received.push(notificationEventSchema.parse(JSON.parse(message.value))),
    );
    const skipped = (channel: string) => [
      'NotificationSkipped',
      expect.objectContaining({ taskId: dispatched.subject, moment: 'dispatched', channel, reason: 'the task no longer exists' }),
    ];
    // Its two channels' messages are settled side by side: in either order.
    await eventually(() => {
      expect(received).toHaveLength(2);
      expect(received.map((e) => [e.type, e.data])).toEqual(expect.arrayContaining([skipped('sms'), skipped('email')]));
    }, 30_000);
    await subscription.stop();
  }, 60_000);

  it('loses no event while the broker is down: orders made meanwhile are published, and their webhooks sent, once it is back', async () => {
    const token = await tokenOf(gateway.url, credentials);
    const before = receiver.distinctIds().size;
    await broker.setDown(1);
    const taskIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await fetch(`${gateway.url}/partner-integrations-service/v1/integrations/partner/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(aShipRequest()),
      });
      expect(created.status).toBe(200);
      taskIds.push(((await created.json()) as any).completedShipments[0].task_id);
    }
    // The witness: a drain that tried to publish them, with the broker down, and kept them.
    await orderLifecycle.relay.flush();
    expect((await tasks.outbox.pending(10)).map((entry) => entry.key)).toEqual(expect.arrayContaining(taskIds));
    expect(receiver.distinctIds().size).toBe(before);
    await broker.setUp(1);
    await eventually(() => expect(receiver.distinctIds().size).toBe(before + 3), 45_000);
    const sent = receiver.received.map((w) => JSON.parse(w.body).data.task_id as string);
    expect(sent).toEqual(expect.arrayContaining(taskIds));
  }, 90_000);

  it('answers 503 with Retry-After at once while Redis is down or silent, and serves again once it is back', async () => {
    const token = await tokenOf(gateway.url, credentials);
    const orders = `${gateway.url}/partner-integrations-service/v1/integrations/partner/orders`;
    const order = `${orders}/tsk_00000000000000000000000000`;
    const read = () => fetch(order, { headers: { authorization: `Bearer ${token}` } });
    expect((await read()).status).toBe(404);
    const create = (headers: Record<string, string> = {}) =>
      fetch(orders, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(aShipRequest()),
      });
    const askToken = () =>
      fetch(`${gateway.url}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
        }),
      });
    /**
     * None held longer than one Redis command may take (the README's promise): what needs Redis
     * (a token's issue, an Idempotency-Key) refused as unavailable; what this gateway can answer
     * without it (a token it already knows) served, its rate limits and usage count let through.
     */
    const answeredAtOnce = async () => {
      const calls = [
        [() => create({ 'idempotency-key': randomUUID() }), 503],
        [askToken, 503],
        [() => create(), 200],
        [read, 404],
      ] as const;
      for (const [call, status] of calls) {
        const started = Date.now();
        const answer = await call();
        expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS * 1.5);
        expect(answer.status).toBe(status);
        if (status !== 503) continue;
        expect(answer.headers.get('retry-after')).toBe('5');
        const body = (await answer.json()) as any;
        if (call === askToken) expect(body).toMatchObject({ error: 'temporarily_unavailable' });
        else expect(body.notifications[0]).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE', severity: 'ERROR' });
      }
    };

    // Paused: its connection open, nothing answered; each command fails at its timeout.
    process.kill(redis.pid, 'SIGSTOP');
    try {
      await answeredAtOnce();
    } finally {
      process.kill(redis.pid, 'SIGCONT');
    }
    await eventually(async () => expect((await create()).status).toBe(200), 30_000);

    // Gone: refused at once while the client reconnects in the background.
    const port = Number(new URL(redis.url).port);
    await redis.stop();
    await answeredAtOnce();

    // Back, empty (no persistence): a new token, and the call is served.
    redis = await startRedisServer('redis-server', { port });
    const again = await eventually(async () => {
      const fresh = await tokenOf(gateway.url, credentials);
      expect(fresh).toEqual(expect.any(String));
      return fresh;
    }, 30_000);
    expect((await fetch(order, { headers: { authorization: `Bearer ${again}` } })).status).toBe(404);
  }, 60_000);
});

async function tokenOf(url: string, credentials: { clientId: string; clientSecret: string }): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
  });
  return ((await (await fetch(`${url}/oauth/token`, { method: 'POST', body: form })).json()) as { access_token: string }).access_token;
}
