/**
 * Webhook deliveries: events published at a steady rate onto the bus, through the
 * dispatcher (consumer, durable delivery store, signing, HTTP) to a receiver on the
 * loopback. Prints deliveries per second sustained and event-to-webhook latency.
 * Goals: >= 2,000 deliveries/s, p99 <= 250 ms. Settings: BENCH_WEBHOOK_RATE (events/s),
 * BENCH_WEBHOOK_SECONDS.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EmbeddedAccountRepository } from '@delivery/accounts';
import { systemClock } from '@delivery/clock';
import { TOPICS } from '@delivery/contracts';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedEventBus } from '@delivery/event-bus';
import { tempDataDir } from '@delivery/testing';
import { generateWebhookSecret } from '@delivery/webhooks';
import { orderCreated } from '../apps/order-lifecycle/src/domain/order-events';
import { aTask } from '../apps/order-lifecycle/src/testing/task.fixture';
import { EmbeddedDeliveryRepository } from '../apps/webhook-dispatcher/src/adapters/delivery.embedded-repository';
import { DEFAULT_WEBHOOK_SETTINGS } from '../apps/webhook-dispatcher/src/config';
import { startWebhookDispatcher } from '../apps/webhook-dispatcher/src/start';

const rate = Number(process.env.BENCH_WEBHOOK_RATE ?? 2_500);
const seconds = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 4);
const GOALS = { perSecond: 2_000, p99Ms: 250 };
const TICK_MS = 20;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const dir = tempDataDir('bench-webhooks-');
  const store = openEmbeddedStore(dir.path);
  const accounts = new EmbeddedAccountRepository(store);
  const deliveries = new EmbeddedDeliveryRepository(store);
  const bus = new EmbeddedEventBus(store, { pollIntervalMs: 5 });

  const publishedAt = new Map<string, number>();
  const latencies: number[] = [];
  let lastReceived = 0;
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const at = performance.now();
      const sent = publishedAt.get((JSON.parse(body) as { data: { event_id: string } }).data.event_id);
      if (sent !== undefined) latencies.push(at - sent);
      lastReceived = at;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const now = systemClock.now().toISOString();
  await accounts.createAccount({ id: 'bench', name: 'Bench', createdAt: now });
  await accounts.putWebhookEndpoint({
    id: 'whe_bench',
    accountId: 'bench',
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    eventTypes: [],
    credentials: { kind: 'bearer', token: 'bench' },
    secrets: [{ secret: generateWebhookSecret(), createdAt: now, expiresAt: null }],
    createdAt: now,
    disabledAt: null,
    disabledReason: null,
  });
  const dispatcher = await startWebhookDispatcher(
    { deliveries, accounts, bus, clock: systemClock },
    {
      grpcAddress: '127.0.0.1:0',
      settings: { ...DEFAULT_WEBHOOK_SETTINGS, urlPolicy: { allowHttp: true, allowPrivateNetworks: true }, pollIntervalMs: 50 },
      logger: { error: (...args: unknown[]) => console.error(...args) },
    },
  );

  const total = rate * seconds;
  const perTick = Math.max(1, Math.round((rate * TICK_MS) / 1_000));
  const started = performance.now();
  for (let sent = 0; sent < total; sent += perTick) {
    const due = started + (sent / rate) * 1_000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const events = Array.from({ length: Math.min(perTick, total - sent) }, () =>
      orderCreated(aTask({ accountId: 'bench' }), { correlationId: 'bench', causationId: null }),
    );
    const at = performance.now();
    for (const event of events) publishedAt.set(event.id, at);
    await bus.publish(
      TOPICS.orders,
      events.map((event) => ({ key: event.subject, value: JSON.stringify(event) })),
    );
  }
  const deadline = performance.now() + 60_000;
  while (latencies.length < total && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

  const sorted = [...latencies].sort((a, b) => a - b);
  const perSecond = latencies.length / ((lastReceived - started) / 1_000);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  console.log(`webhook deliveries: ${latencies.length}/${total} events offered at ${rate}/s for ${seconds} s`);
  console.log(`  sustained ${perSecond.toFixed(0)} deliveries/s (goal >= ${GOALS.perSecond})`);
  console.log(`  event-to-webhook p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (goal p99 <= ${GOALS.p99Ms} ms)`);
  const met = latencies.length === total && perSecond >= GOALS.perSecond && p99 <= GOALS.p99Ms;
  console.log(met ? 'goals met' : 'goals NOT met');

  await dispatcher.stop();
  await bus.close();
  receiver.close();
  await store.close();
  dir.remove();
  process.exitCode = met ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
