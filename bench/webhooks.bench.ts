/**
 * Webhook deliveries: events published at a steady rate onto the bus, through the
 * dispatcher (consumer, durable delivery store, signing, HTTP) to a receiver on the
 * loopback. After a warm-up at the same rate, prints deliveries per second sustained and
 * event-to-webhook latency. Goals: >= 2,000 deliveries/s, p99 <= 250 ms. Then the same
 * over the MongoDB adapter on the double, counting its calls to the server, the worker's
 * polls included: at most 2 round trips per delivery (BENCH_WEBHOOK_MONGO_RATE, 800/s). Settings:
 * BENCH_WEBHOOK_RATE (events/s), BENCH_WEBHOOK_SECONDS (measured, after the warm-up).
 *
 * The events are published in the dispatcher's process, as under `npm start`, the way the
 * order service's outbox relay does; the receiver runs in a process of its own, as a
 * caller's server would. Each event is about a task of its own, as orders from many
 * shoppers are: one task's webhooks to an endpoint go one at a time (docs/decisions.md), so
 * a single task's stream would measure that order, not the dispatcher.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { systemClock } from '@delivery/clock';
import { TOPICS } from '@delivery/contracts';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { openEmbeddedStore, type EmbeddedStore } from '@delivery/embedded-store';
import { type EventBus, type OutgoingMessage } from '@delivery/event-bus';
import { EmbeddedEventBus } from '@delivery/event-bus/embedded';
import { tempDataDir } from '@delivery/testing';
import { MongoDouble } from '@delivery/testing/mongo';
import { generateWebhookSecret } from '@delivery/accounts';
import { orderCreated } from '../apps/order-lifecycle/src/domain/order-events';
import { aTask } from '../apps/order-lifecycle/src/testing/task.fixture';
import { EmbeddedDeliveryRepository } from '@delivery/webhook-deliveries/embedded';
import { MongoDeliveryRepository } from '@delivery/webhook-deliveries/mongo';
import type { DeliveryRepository } from '@delivery/webhook-deliveries';
import { DEFAULT_WEBHOOK_SETTINGS } from '../apps/webhook-dispatcher/src/config';
import { MediaLinks } from '@delivery/proof-media';
import { startWebhookDispatcher } from '../apps/webhook-dispatcher/src/start';
import { wallClock } from './wall-clock';
import type { ReceiverMessage } from './webhook-receiver';

const GOALS = { perSecond: 2_000, p99Ms: 250, roundTripsPerDelivery: 2 };
/**
 * The load the store was found to break under: 200 orders/s, each with about four webhooks
 * (created, dispatched, assigned, delivered). Below the main run's rate: the double keeps its
 * documents in memory and scans them per call, and is here for its count, not its speed.
 */
const MONGO_RATE = Number(process.env.BENCH_WEBHOOK_MONGO_RATE ?? 800);
const MONGO_SECONDS = 3;
/** A little above the goal: a dispatcher that keeps up delivers what it is offered. */
const rate = Number(process.env.BENCH_WEBHOOK_RATE ?? 2_100);
const seconds = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 5);
const WARM_UP_SECONDS = 3;
const ACCOUNT = 'bench';
const TICK_MS = 20;
/** The order service's outbox relay publishes at most this many events at once. */
const RELAY_BATCH = 100;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Run {
  total: number;
  measured: { from: number; at: number }[];
  perSecond: number;
  p50: number;
  p99: number;
}

/** The dispatcher over `deliveries`, offered `rate` events a second for `seconds` after a warm-up: what arrived, and when. */
async function run(
  makeDeliveries: (store: EmbeddedStore) => Promise<DeliveryRepository>,
  rate: number,
  seconds: number,
  warmUpSeconds: number,
): Promise<Run> {
  const dir = tempDataDir('bench-webhooks-');
  // A store per app's data, as the standalone keeps them: one holds too few databases for all.
  const [store, busStore, kvStore] = ['dispatcher', 'bus', 'kv'].map((name) => openEmbeddedStore(join(dir.path, name)));
  const accounts = new EmbeddedAccountRepository(store!);
  const deliveries = await makeDeliveries(store!);
  const bus = new EmbeddedEventBus(busStore!);

  const arrivals = new Map<string, number>();
  const receiver = fork(join(__dirname, 'webhook-receiver.ts'));
  receiver.on('message', (message: ReceiverMessage) => {
    if (message.kind === 'received') for (const [eventId, at] of message.arrivals) arrivals.set(eventId, at);
  });
  const port = await new Promise<number>((resolve) =>
    receiver.on('message', (message: ReceiverMessage) => message.kind === 'listening' && resolve(message.port)),
  );
  const now = systemClock.now().toISOString();
  await accounts.createAccount({ id: ACCOUNT, name: 'Bench', createdAt: now });
  await accounts.putWebhookEndpoint({
    id: 'whe_bench',
    accountId: ACCOUNT,
    url: `http://127.0.0.1:${port}/hooks`,
    eventTypes: [],
    credentials: { kind: 'bearer', token: 'bench' },
    secrets: [{ secret: generateWebhookSecret(), createdAt: now, expiresAt: null }],
    createdAt: now,
    disabledAt: null,
    disabledReason: null,
  });
  const dispatcher = await startWebhookDispatcher(
    {
      deliveries,
      accounts,
      bus,
      clock: systemClock,
      budgets: new EmbeddedKeyValueStore(kvStore!),
      mediaLinks: new MediaLinks([randomBytes(32)]),
    },
    {
      grpcAddress: '127.0.0.1:0',
      settings: {
        ...DEFAULT_WEBHOOK_SETTINGS,
        urlPolicy: { allowHttp: true, allowPrivateNetworks: true },
        pollIntervalMs: 50,
        // One receiver stands for every account's endpoints here, so the per-endpoint share
        // (20 of the 200 slots, there for fairness between endpoints) is lifted to all of them.
        perEndpointConcurrency: DEFAULT_WEBHOOK_SETTINGS.concurrency,
        // Likewise the one host is every account's: its budget of requests a minute is lifted.
        hostRequestsPerMinute: Number.MAX_SAFE_INTEGER,
      },
      logger: { error: (...args: unknown[]) => console.error(...args) },
    },
  );

  const phase = async (name: string, phaseSeconds: number) => {
    const publishedAt = new Map<string, number>();
    await publishSteadily(bus, { name, rate, seconds: phaseSeconds }, (eventId, at) => publishedAt.set(eventId, at));
    const deadline = Date.now() + 60_000;
    const arrived = () => [...publishedAt.keys()].filter((eventId) => arrivals.has(eventId)).length;
    while (arrived() < publishedAt.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    return publishedAt;
  };
  // Compiling hot code and growing the store's files slow the first seconds down; what is
  // measured is the dispatcher once warm, as it runs for days.
  await phase('warm-up', warmUpSeconds);
  const publishedAt = await phase('measured', seconds);

  const measured = [...publishedAt]
    .filter(([eventId]) => arrivals.has(eventId))
    .map(([eventId, from]) => ({ from, at: arrivals.get(eventId)! }));
  const latencies = measured.map(({ from, at }) => at - from).sort((a, b) => a - b);
  // Deliveries a second while events were being offered: the offered rate when the
  // dispatcher keeps up, what it manages when it does not.
  const start = Math.min(...publishedAt.values());
  const end = start + seconds * 1_000;
  const result = {
    total: publishedAt.size,
    measured,
    perSecond: measured.filter(({ at }) => at < end).length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
  await dispatcher.stop();
  await bus.close();
  receiver.disconnect();
  await Promise.all([store!, busStore!, kvStore!].map((opened) => opened.close()));
  dir.remove();
  return result;
}

async function main() {
  const { total, measured, perSecond, p50, p99 } = await run(
    async (store) => new EmbeddedDeliveryRepository(store),
    rate,
    seconds,
    WARM_UP_SECONDS,
  );
  console.log(
    `webhook deliveries: ${measured.length}/${total} events offered at ${rate}/s for ${seconds} s, after ${WARM_UP_SECONDS} s of warm-up`,
  );
  console.log(`  sustained ${perSecond.toFixed(0)} deliveries/s (goal >= ${GOALS.perSecond})`);
  console.log(`  event-to-webhook p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (goal p99 <= ${GOALS.p99Ms} ms)`);
  const met = measured.length === total && perSecond >= GOALS.perSecond && p99 <= GOALS.p99Ms;

  // The MongoDB adapter's calls to the server, counted by the double: what a delivery costs the
  // store (stored, leased, recorded, and the worker's polls for due deliveries).
  const double = new MongoDouble();
  const overMongo = await run(() => MongoDeliveryRepository.open(double.connection()), MONGO_RATE, MONGO_SECONDS, 1);
  const perDelivery = double.roundTrips.count / (overMongo.total * (1 + 1 / MONGO_SECONDS));
  console.log(
    `  MongoDB round trips per delivery (the adapter over the double, ${MONGO_RATE}/s): ${perDelivery.toFixed(2)} (goal <= ${GOALS.roundTripsPerDelivery})`,
  );
  const calls = Object.entries(double.roundTrips.byCall).sort(([, a], [, b]) => b - a);
  console.log(
    `    by call: ${calls.map(([call, n]) => `${call} ${(n / (overMongo.total * (1 + 1 / MONGO_SECONDS))).toFixed(2)}`).join(', ')}`,
  );
  const ok = met && overMongo.measured.length === overMongo.total && perDelivery <= GOALS.roundTripsPerDelivery;
  console.log(ok ? 'goals met' : 'goals NOT met');
  process.exitCode = ok ? 0 : 1;
}

/**
 * Makes `rate` order events a second, each about a task of its own, and publishes them the
 * way the order service's outbox relay does: one batch at a time, of whatever has been
 * made meanwhile. An event's time is when it was due by the schedule, so time spent waiting
 * for a busy process or for the bus counts in its latency.
 */
async function publishSteadily(
  bus: EventBus,
  { name, rate, seconds }: { name: string; rate: number; seconds: number },
  made: (eventId: string, at: number) => void,
) {
  const total = rate * seconds;
  const started = wallClock();
  const waiting: OutgoingMessage[] = [];
  let count = 0;
  const maker = setInterval(() => {
    const due = Math.min(total, Math.floor(((wallClock() - started) / 1_000) * rate));
    for (; count < due; count++) {
      const event = orderCreated(aTask({ accountId: ACCOUNT, id: `tsk_${name}_${count}` }), { correlationId: 'bench', causationId: null });
      made(event.id, started + (count / rate) * 1_000);
      waiting.push({ key: event.subject, value: JSON.stringify(event) });
    }
  }, TICK_MS);
  while (count < total || waiting.length > 0) {
    if (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, TICK_MS / 4));
    else await bus.publish(TOPICS.orders, waiting.splice(0, RELAY_BATCH));
  }
  clearInterval(maker);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
