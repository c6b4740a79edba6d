import { randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { systemClock } from '@delivery/clock';
import { openEmbeddedStore, type EmbeddedStore } from '@delivery/embedded-store';
import {
  eventually,
  freePort,
  randomBasePort,
  partnerReleaseOrderRecord,
  startOtlpReceiver,
  startWebhookReceiver,
  runWalkthrough,
  type OtlpReceiver,
  tempDataDir,
  WALKTHROUGH_OUTPUT,
  WALKTHROUGHS,
  walkthroughName,
  type WalkthroughRun,
  type WebhookReceiver,
} from '@delivery/testing';
import { publishedServiceAddresses } from '@delivery/rpc';
import { DEFAULT_SANDBOX_DRIVERS } from '../apps/sandbox-fleet/src';
import { adminCommands } from '../apps/admin/src';
import { adminDepsOver } from '../apps/admin/src';
import { aCancelEvent, aShipRequest } from './support/ship-request.fixture';
import { EmbeddedDeliveryRepository } from '@delivery/webhook-deliveries/embedded';
import { APPS, startDistributed, type AppName, type Distributed, type Instance } from '../tools/distributed/launch';
import { releaseBeforeHead } from '../tools/release/last-release';
import { preparedReleaseCheckout } from '../tools/release/release-checkout';

/**
 * The apps a rolling deploy's test runs at the last release, one at a time, the others at
 * HEAD: on every commit the gateway (calling every service's previous contract) and
 * order-lifecycle (its previous events read by HEAD's consumers); `MIXED_VERSION_APPS=all`,
 * as the release script runs it, every app.
 */
const MIXED_VERSION_APPS: readonly AppName[] =
  process.env.MIXED_VERSION_APPS === 'all'
    ? APPS
    : ((process.env.MIXED_VERSION_APPS?.split(',').filter(Boolean) as AppName[] | undefined) ?? ['gateway', 'order-lifecycle']);
const ROOT = join(__dirname, '..');

const V1_ORDERS = '/partner-integrations-service/v1/integrations/partner/orders';
const V2 = '/partner-integrations-service/v2/integrations/partner';
const URL_POLICY = { allowHttp: true, allowPrivateNetworks: true };

/**
 * The apps as five processes over a redis-server and the Kafka-protocol mock broker, driven
 * over HTTP as a caller would; one is killed mid-run and comes back. Every line the apps
 * log is kept, to look for credentials and to follow one request through.
 */
describe('the distributed shape, one process per app', () => {
  const dir = tempDataDir('distributed-');
  const lines: { app: Instance; line: string }[] = [];
  let system: Distributed;
  let receiver: WebhookReceiver;
  let collector: OtlpReceiver;
  let store: EmbeddedStore;
  let token: string;
  let endpoint: { id: string; signingSecret: string };
  let credentials: { clientId: string; clientSecret: string };

  const createOrder = async () => {
    const created = await call('POST', V1_ORDERS, aShipRequest());
    if (created.status !== 200) throw new Error(`Create Order: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.completedShipments[0].task_id as string;
  };
  const call = async (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${system.gatewayUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(json !== undefined && { 'content-type': 'application/json' }), ...headers },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
  const admin = (command: string, options: Record<string, string>) =>
    adminCommands[command]!(
      options,
      adminDepsOver({
        accounts: new EmbeddedAccountRepository(store),
        deliveries: new EmbeddedDeliveryRepository(store),
        clock: systemClock,
        urlPolicy: URL_POLICY,
      }),
    ) as Promise<any>;
  const webhooksOfType = (type: string) =>
    receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: { task_id: string } }).filter((p) => p.type === type);
  const createdWebhooks = () => webhooksOfType('order.created');

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    collector = await startOtlpReceiver();
    system = await startDistributed({
      dataDir: dir.path,
      gatewayPort: await freePort(),
      basePort: randomBasePort(),
      env: {
        OUTBOUND_ALLOW_HTTP: 'true',
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '300ms,300ms,1s,2s,5s',
        WEBHOOK_POLL_INTERVAL_MS: '100',
        WEBHOOK_ENDPOINT_CACHE_MS: '0',
        OUTBOX_POLL_INTERVAL_MS: '100',
        GRPC_DEADLINE_MS: '2000',
        KAFKA_SESSION_TIMEOUT_MS: '6000',
        LOG_LEVEL: 'info',
        // Tracing on, as a platform team sets it: the standard variables only, spans to a collector of the test's.
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_BSP_SCHEDULE_DELAY: '200',
        // The test's calls stand for a trusted caller (a mesh in front of the gateway): its traceparent is the parent.
        TRACE_TRUSTED_NETWORKS: '127.0.0.0/8,::1/128',
        // The sandbox drives the demo fleets fast enough for its walkthrough, slowly enough that the
        // Same-Day walkthrough cancels before a pick-up (four steps).
        SANDBOX_STEP_SECONDS: '2',
        SANDBOX_POLL_INTERVAL_MS: '250',
      },
      demo: { settings: { accountId: 'demo', carrierCode: 'OWNFLEET', serviceLevel: 'EXPRESS' }, sandbox: true },
      onLine: (app, line) => void lines.push({ app, line }),
    });
    // The admin CLI writes the accounts' store while the apps run, as an operator would.
    store = openEmbeddedStore(join(dir.path, 'accounts'));
    await admin('create-account', { name: 'Distributed retailer', id: 'dist' });
    await admin('add-service-plan', { account: 'dist', 'carrier-code': 'OWNFLEET', 'service-level': 'EXPRESS', 'base-charge': '5' });
    await admin('add-fleet', { account: 'dist', name: 'Own fleet', 'carrier-codes': 'OWNFLEET', 'working-hours': '0-24' });
    // A carrier whose plan dispatches to the cheapest fleet: its Create Order asks the quote service for prices.
    await admin('add-service-plan', {
      account: 'dist',
      'carrier-code': 'PRICED',
      'service-level': 'EXPRESS',
      'base-charge': '5',
      'dispatch-strategy': 'cheapest',
    });
    await admin('add-fleet', { account: 'dist', name: 'Priced fleet', 'carrier-codes': 'PRICED', 'working-hours': '0-24' });
    const app = await admin('create-app', { account: 'dist', name: 'oms' });
    credentials = { clientId: app.clientId, clientSecret: app.clientSecret };
    endpoint = await admin('add-webhook', {
      account: 'dist',
      url: receiver.url,
      events: 'order.created,order.cancelled,reservation.created,note.added',
    });
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret });
    token = ((await (await fetch(`${system.gatewayUrl}/oauth/token`, { method: 'POST', body: form })).json()) as { access_token: string })
      .access_token;
  }, 180_000);
  afterAll(async () => {
    await system?.stop();
    await store?.close();
    await receiver?.stop();
    await collector?.stop();
    dir.remove();
  }, 120_000);

  it('answers every readiness probe, names Redis where it is used, and serves metrics per app', async () => {
    for (const app of ['gateway', 'order-lifecycle', 'quote', 'notes', 'webhook-dispatcher', 'notifier'] as const) {
      const ready = await fetch(`${system.opsUrl(app)}/readyz`);
      const body = (await ready.json()) as { dependencies?: Record<string, string> };
      const redis = app === 'notes' ? undefined : 'ok';
      expect({ app, status: ready.status, redis: body.dependencies?.['key-value store'] }).toEqual({ app, status: 200, redis });
      expect(await (await fetch(`${system.opsUrl(app)}/metrics`)).text()).toContain('process_cpu_seconds_total');
    }
  });

  it('runs the Same-Day flow with notes and signed webhooks, following one request id through every process', async () => {
    const created = await call('POST', V1_ORDERS, aShipRequest(), { 'x-request-id': 'dist-req-0001' });
    expect(created.status).toBe(200);
    const { task_id: taskId, way_points: wayPoints } = created.body.completedShipments[0];
    expect((await call('GET', `${V1_ORDERS}/${taskId}`)).body.completedShipments[0].task_id).toBe(taskId);

    const note = await call('POST', `/partner-integrations-service/v1/integrations/tasks/${taskId}/way_points/${wayPoints[1].id}/notes`, {
      note: 'Ring twice',
    });
    expect({ status: note.status, body: note.body }).toMatchObject({ status: 201 });

    await eventually(
      () => expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(expect.arrayContaining(['order.created', 'note.added'])),
      30_000,
    );
    const webhook = receiver.received.find((r) => JSON.parse(r.body).type === 'order.created')!;
    expect(() => new Webhook(endpoint.signingSecret).verify(webhook.body, webhook.headers as Record<string, string>)).not.toThrow();

    const logged = (app: AppName) => lines.filter((l) => l.app === app && l.line.includes('dist-req-0001')).map((l) => JSON.parse(l.line));
    expect(logged('gateway')).toEqual([expect.objectContaining({ route: V1_ORDERS, status: 200 })]);
    await eventually(() =>
      expect(logged('webhook-dispatcher')).toEqual([
        expect.objectContaining({ webhookId: webhook.headers['webhook-id'], eventType: 'order.created' }),
      ]),
    );
  }, 60_000);

  /** The Same-Day flow's order, told to the webhook endpoint. */
  const sameDayDelivered = async () => {
    const taskId = await createOrder();
    await eventually(() => expect(createdWebhooks().filter((w) => w.data.task_id === taskId)).toHaveLength(1), 30_000);
  };

  /** The Planned flow: quotes, a soft reservation told to the webhook endpoint, its hard reservation. */
  const plannedReserved = async () => {
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const request = aShipRequest({ carrierCode: null });
    Object.assign(request.shipRequest.shipment, { shipDate: `${day}T10:00:00Z`, deliveryDate: `${day}T20:00:00Z` });
    const quotes = await call('POST', `${V2}/quotes`, request);
    expect(quotes.status).toBe(200);
    Object.assign(request.shipRequest.shipment, {
      extended: { quoteId: quotes.body.quotes[0].id, reservedUntil: new Date(Date.now() + 15 * 60_000).toISOString() },
    });
    const reserved = await call('POST', `${V2}/orders`, request);
    expect(reserved.status).toBe(200);
    const taskId = reserved.body.completedShipments[0].task_id as string;
    await eventually(() => expect(webhooksOfType('reservation.created').filter((w) => w.data.task_id === taskId)).toHaveLength(1), 30_000);
    expect((await call('PATCH', `${V2}/orders`, partnerReleaseOrderRecord(request.shipRequest.shipment.orderId))).status).toBe(204);
  };

  it("makes one trace of a caller's Create Order, its traceparent honoured: the gateway, order-lifecycle, quote, the outbox's publish, each consumer's handling and the webhook, with no secret or personal data", async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const request = aShipRequest({ carrierCode: 'PRICED' });
    const created = await call('POST', V1_ORDERS, request, {
      traceparent: `00-${traceId}-${callerSpan}-01`,
      'x-request-id': 'dist-trace-0001',
    });
    expect(created.status).toBe(200);
    const taskId = created.body.completedShipments[0].task_id as string;
    // Spans arrive in each app's batches, a child's perhaps before its parent's: the trace is read once whole.
    await eventually(() => {
      const spans = collector.trace(traceId);
      const byId = new Map(spans.map((span) => [span.spanId, span]));
      const parentOf = (span: (typeof spans)[number] | undefined) => span && byId.get(span.parentSpanId);
      // The gateway's server span is the caller's child; every other span's parent is in the trace.
      const served = spans.filter((span) => span.service === 'gateway' && span.kind === 2);
      expect(served).toEqual([
        expect.objectContaining({ parentSpanId: callerSpan, attributes: expect.objectContaining({ 'http.route': V1_ORDERS }) }),
      ]);
      expect(spans.filter((span) => span !== served[0] && !byId.has(span.parentSpanId))).toEqual([]);
      // Across gRPC: order-lifecycle's server span is a child of the gateway's client span...
      const handled = spans.find((span) => span.service === 'order-lifecycle' && span.kind === 2 && span.name.endsWith('/CreateOrder'));
      expect(parentOf(handled)).toMatchObject({ service: 'gateway', kind: 3 });
      expect(handled!.attributes).toMatchObject({ 'delivery.account_id': 'dist' });
      expect(spans.some((span) => span.attributes['delivery.task_id'] === taskId)).toBe(true);
      // ...and the quote service's, pricing the fleets for the cheapest, a child of order-lifecycle's call.
      const priced = spans.find((span) => span.service === 'quote' && span.kind === 2 && span.name.endsWith('/GetQuotes'));
      expect(parentOf(priced)).toMatchObject({ service: 'order-lifecycle', kind: 3 });
      // Across the outbox's delay: order-lifecycle's relay publishes the order's events in the request's trace...
      const sent = spans.filter((span) => span.service === 'order-lifecycle' && span.kind === 4 && span.name === 'send delivery.orders.v1');
      expect(sent.length).toBeGreaterThan(0);
      // ...and each consumer handles each of them as the publish's child, across Kafka, naming the task.
      const handledBy = (app: AppName) =>
        spans.filter((span) => span.service === app && span.kind === 5 && span.name === 'handle delivery.orders.v1');
      for (const app of ['webhook-dispatcher', 'notifier', 'order-lifecycle'] as const) {
        expect({
          app,
          parents: handledBy(app).map((span) => parentOf(span)?.name),
          tasks: handledBy(app).map((span) => span.attributes['delivery.task_id']),
        }).toEqual({
          app,
          parents: expect.arrayContaining(['send delivery.orders.v1']),
          tasks: expect.arrayContaining([taskId]),
        });
      }
      // And the webhook it sends later is the request's too: the dispatcher's POST, carrying the trace to the receiver.
      const posted = spans.filter((span) => span.service === 'webhook-dispatcher' && span.kind === 3);
      expect(posted.length).toBeGreaterThan(0);
      const webhook = receiver.received.find((r) => JSON.parse(r.body).data.task_id === taskId);
      expect(String(webhook?.headers.traceparent)).toMatch(new RegExp(`^00-${traceId}-`));
      expect(new Set(spans.map((span) => span.service))).toEqual(
        new Set(['gateway', 'order-lifecycle', 'quote', 'webhook-dispatcher', 'notifier']),
      );
    }, 30_000);
    // And the gateway's log line of the request carries the trace.
    const line = lines.find((l) => l.app === 'gateway' && l.line.includes('dist-trace-0001'));
    expect(JSON.parse(line!.line)).toMatchObject({ trace_id: traceId });
    const everything = JSON.stringify(collector.spans);
    const recipient = request.shipRequest.shipment.recipient;
    for (const secret of [
      credentials.clientSecret,
      token,
      recipient.contact.phoneNumber,
      recipient.contact.email,
      recipient.contact.personName,
    ]) {
      expect({ secret, found: everything.includes(String(secret)) }).toEqual({ secret, found: false });
    }
  }, 60_000);

  it('makes one trace of a note for the driver too: the gateway, notes (asking order-lifecycle for the task) and its webhook', async () => {
    const traceId = randomBytes(16).toString('hex');
    const created = await call('POST', V1_ORDERS, aShipRequest());
    const { task_id: taskId, way_points: wayPoints } = created.body.completedShipments[0];
    const path = `/partner-integrations-service/v1/integrations/tasks/${taskId}/way_points/${wayPoints[1].id}/notes`;
    const note = await call(
      'POST',
      path,
      { note: 'Leave it with the concierge' },
      { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    );
    expect(note.status).toBe(201);
    await eventually(() => {
      const spans = collector.trace(traceId);
      const byId = new Map(spans.map((span) => [span.spanId, span]));
      const served = (app: AppName) => spans.filter((span) => span.service === app && span.kind === 2);
      const callers = (app: AppName) => served(app).map((span) => byId.get(span.parentSpanId)?.service);
      expect(served('notes').map((span) => span.name)).toEqual([expect.stringMatching(/\/AddNote$/)]);
      expect(callers('notes')).toEqual(['gateway']);
      expect(callers('order-lifecycle')).toEqual(expect.arrayContaining(['notes']));
      const handled = spans.find((span) => span.service === 'webhook-dispatcher' && span.name === 'handle delivery.notes.v1');
      expect(byId.get(handled?.parentSpanId ?? '')).toMatchObject({ service: 'notes', kind: 4 });
      expect(spans.some((span) => span.service === 'webhook-dispatcher' && span.kind === 3)).toBe(true);
    }, 30_000);
  }, 60_000);

  it('runs the Planned flow: quotes, soft and hard reservation', async () => {
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const request = aShipRequest({ carrierCode: null });
    Object.assign(request.shipRequest.shipment, { shipDate: `${day}T10:00:00Z`, deliveryDate: `${day}T20:00:00Z` });
    const quotes = await call('POST', `${V2}/quotes`, request);
    expect(quotes.status).toBe(200);
    const quoteId = quotes.body.quotes[0].id;
    const orderId = request.shipRequest.shipment.orderId;
    Object.assign(request.shipRequest.shipment, {
      extended: { quoteId, reservedUntil: new Date(Date.now() + 15 * 60_000).toISOString() },
    });
    const reserved = await call('POST', `${V2}/orders`, request);
    expect(reserved.status).toBe(200);
    expect(reserved.body.completedShipments[0].ready_to_execute).toBe(false);
    const confirmed = await call('PATCH', `${V2}/orders`, partnerReleaseOrderRecord(orderId));
    expect(confirmed.status).toBe(204);
  }, 60_000);

  it('answers 503 with Retry-After in the envelope while order-lifecycle is down, stays ready, and loses or repeats nothing when it is back', async () => {
    const before = [];
    for (let i = 0; i < 3; i += 1) before.push(await createOrder());

    await system.kill('order-lifecycle');
    const refused = await call('POST', V1_ORDERS, aShipRequest());
    expect(refused.status).toBe(503);
    expect(refused.body.notifications[0]).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE', severity: 'ERROR' });
    expect(refused.body.completedShipments).toEqual([]);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // The gateway stays ready (its own store answers): the outage is reported, not cascaded into its Service.
    await eventually(async () => {
      const stillReady = await fetch(`${system.opsUrl('gateway')}/readyz`);
      expect(stillReady.status).toBe(200);
      expect(((await stillReady.json()) as { dependencies: Record<string, string> }).dependencies['order-lifecycle']).not.toBe('ok');
    }, 15_000);

    await system.start('order-lifecycle');
    await eventually(async () => {
      const ready = (await (await fetch(`${system.opsUrl('gateway')}/readyz`)).json()) as { dependencies: Record<string, string> };
      expect(ready.dependencies['order-lifecycle']).toBe('ok');
    }, 30_000);
    const after = [];
    for (let i = 0; i < 3; i += 1) after.push(await createOrder());
    const expected = [...before, ...after];
    await eventually(() => expect(createdWebhooks().filter((w) => expected.includes(w.data.task_id))).toHaveLength(6), 30_000);
    // Each exactly once, even though a process died with events in its outbox and offsets to commit.
    // Witness per task: a task's webhooks go in the order of its events, so once its cancellation
    // (written after the restart) has arrived, a repeated order.created of it would have too.
    for (const taskId of expected) {
      const fulfillmentId = (await call('GET', `${V1_ORDERS}/${taskId}`)).body.completedShipments[0].fulfillmentId as string;
      expect((await call('POST', `${V1_ORDERS}/cancel`, aCancelEvent(fulfillmentId))).status).toBe(200);
    }
    await eventually(
      () => expect(new Set(webhooksOfType('order.cancelled').map((w) => w.data.task_id))).toEqual(new Set(expected)),
      30_000,
    );
    const counts = expected.map((taskId) => createdWebhooks().filter((w) => w.data.task_id === taskId).length);
    expect(counts).toEqual([1, 1, 1, 1, 1, 1]);
  }, 120_000);

  it('stops an app gracefully on SIGTERM: exit 0 within the bound, and it starts again on its own data', async () => {
    const started = Date.now();
    expect(await system.stopApp('webhook-dispatcher', 20_000)).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    const taskId = await createOrder();
    await system.start('webhook-dispatcher');
    await eventually(() => expect(createdWebhooks().filter((w) => w.data.task_id === taskId)).toHaveLength(1), 30_000);
  }, 90_000);

  describe('a rolling deploy: one app at the last release, the others at this commit', () => {
    const release = releaseBeforeHead(ROOT);
    let releaseDir: string;

    beforeAll(() => {
      if (!release) throw new Error('no release in the history (no commit "Release vX.Y.Z"): the clone must hold the whole history');
      releaseDir = preparedReleaseCheckout(ROOT, release);
    });

    for (const app of MIXED_VERSION_APPS) {
      it(`${app} at the last release: the Same-Day and Planned flows, and their webhooks`, async () => {
        await system.stopApp(app);
        await system.start(app, 60_000, releaseDir);
        try {
          expect(readlinkSync(`/proc/${system.pids()[app]}/cwd`)).toBe(releaseDir);
          await sameDayDelivered();
          await plannedReserved();
        } finally {
          await system.stopApp(app);
          await system.start(app);
        }
      }, 180_000);
    }
  });

  describe('the README walkthroughs, against this shape', () => {
    const expectRan = (run: WalkthroughRun) => {
      expect(run.errors).toEqual([]);
      expect(run.status).toBe(0);
    };
    const onThisShape = () => ({ url: system.gatewayUrl, dataDir: dir.path });

    it('made the demo account on its first start, as npm start does, and published where order-lifecycle answers', async () => {
      expect(system.demoCredentials?.app).toMatchObject({ accountId: 'demo', name: 'demo-app' });
      expect(publishedServiceAddresses(dir.path)).toEqual({ orderLifecycle: system.env.ORDER_LIFECYCLE_ADDRESS });
    });

    for (const name of ['sameDay', 'planned', 'notes', 'console', 'errors'] as const) {
      it(`${walkthroughName(WALKTHROUGHS[name])}: runs verbatim and prints what the README shows`, async () => {
        const run = await runWalkthrough(WALKTHROUGHS[name], onThisShape());
        expectRan(run);
        WALKTHROUGH_OUTPUT[name](run.lines);
      }, 120_000);
    }

    it(`${walkthroughName(WALKTHROUGHS.sandbox)}: the sandbox fleet's own process delivers it`, async () => {
      const run = await runWalkthrough(WALKTHROUGHS.sandbox, onThisShape(), { WATCH_SECONDS: '0.5' });
      expectRan(run);
      WALKTHROUGH_OUTPUT.sandbox(run.lines, DEFAULT_SANDBOX_DRIVERS);
    }, 120_000);
  });

  it('never logs a secret, a token or a signature', () => {
    const everything = lines.map((l) => l.line).join('\n');
    expect(lines.length).toBeGreaterThan(20);
    const signatures = receiver.received.map((r) => String(r.headers['webhook-signature']).split(' ')[0]!.split(',')[1]!);
    for (const secret of [
      credentials.clientSecret,
      system.demoCredentials!.clientSecret,
      token,
      endpoint.signingSecret,
      endpoint.signingSecret.replace(/^whsec_/, ''),
      ...signatures,
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
