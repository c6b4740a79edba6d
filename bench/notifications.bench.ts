/**
 * The notifier under load (issue 37): BENCH_NOTIFY_ORDERS_PER_SECOND orders a second (200),
 * each with three told moments (dispatched, the driver on the way, delivered), so six messages
 * an order: its SMS to a fake of Twilio's Messages API and its e-mail to a real SMTP server
 * over TLS, both in a process of their own (bench/notification-providers.ts), as Twilio and a
 * mail server are. Prints the messages a second sent while
 * orders were offered, event-to-sent latency, and this process's CPU a message (the notifier
 * runs here; the providers do not); the goal: it keeps up (every message sent, the last within
 * a second of the last offer, so over 20 s it carries at least 95 % of the rate offered and
 * ends with no backlog). Settings: BENCH_NOTIFY_ORDERS_PER_SECOND, BENCH_NOTIFY_SECONDS (20).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULT_NOTIFICATION_SETTINGS, generateSecretsKey, MAX_MESSAGE_BUDGETS, parseSecretsKey, SecretBox } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { systemClock } from '@delivery/clock';
import { TOPICS, type OrderTopicEvent, type TaskSnapshot } from '@delivery/contracts';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedEventBus } from '@delivery/event-bus/embedded';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { tempDataDir } from '@delivery/testing';
import type { ProvidersMessage } from './notification-providers';
import { EmbeddedMessageRepository } from '../apps/notifier/src/adapters/message.embedded-repository';
import { EmbeddedOptOutRepository } from '../apps/notifier/src/adapters/opt-out.embedded-repository';
import { DEFAULT_NOTIFIER_SETTINGS } from '../apps/notifier/src/config';
import { startNotifier } from '../apps/notifier/src/start';
import { orderEvent, taskSnapshot } from '../libs/testing/src/order-events.fixture';
import { wallClock } from './wall-clock';

const ordersPerSecond = Number(process.env.BENCH_NOTIFY_ORDERS_PER_SECOND ?? 200);
const seconds = Number(process.env.BENCH_NOTIFY_SECONDS ?? 20);
const MESSAGES_PER_ORDER = 6;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Three told moments an order reaches, each on a task of its own so that none ends another's
 * messages (a delivery's "delivered" skips its "on the way" still waiting, which would measure
 * that rule rather than the notifier): a dispatch, a driver on the way, a delivery.
 */
function orderEvents(order: string, at: number): OrderTopicEvent[] {
  const when = new Date(at).toISOString();
  const task = (suffix: string, status: TaskSnapshot['status']) => {
    const snapshot = taskSnapshot({ taskId: `${order}_${suffix}`, status, platformFields: null });
    snapshot.wayPoints[1]!.eta = null;
    return snapshot;
  };
  return [
    orderEvent('TaskDispatched', { fleetId: 1, fleetName: 'Own fleet' }, when, task('d', 'dispatched')),
    orderEvent('TaskStarted', { leg: 'dropoff' }, when, task('s', 'en_route_to_dropoff')),
    orderEvent('TaskDelivered', {}, when, task('v', 'delivered')),
  ].map((event) => ({ ...event, id: `evt_${event.subject}`, accountId: 'bench' }) as OrderTopicEvent);
}

async function main() {
  const providers = fork(join(__dirname, 'notification-providers.ts'));
  const received = { sms: 0, emails: 0, cpuMs: 0 };
  providers.on('message', (message: ProvidersMessage) => {
    if (message.kind === 'received') Object.assign(received, { sms: message.sms, emails: message.emails, cpuMs: message.cpuMs });
  });
  const where = await new Promise<Extract<ProvidersMessage, { kind: 'listening' }>>((resolve) =>
    providers.on('message', (message: ProvidersMessage) => message.kind === 'listening' && resolve(message)),
  );
  const dir = tempDataDir('bench-notify-');
  const [store, busStore, accountStore] = ['notifier', 'bus', 'accounts'].map((name) => openEmbeddedStore(join(dir.path, name)));
  const accounts = new EmbeddedAccountRepository(accountStore!);
  await accounts.createAccount({ id: 'bench', name: 'Bench', createdAt: new Date().toISOString() });
  await accounts.setDeliveryPolicies('bench', {
    notifications: {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      quietHours: null,
      // One account stands for a large retailer's peak: its SMS budgets at their most.
      budgets: MAX_MESSAGE_BUDGETS,
      sms: {
        accountSid: where.account.accountSid,
        authToken: where.account.authToken,
        apiKey: null,
        from: where.account.numbers[0]!,
        messagingServiceSid: null,
        baseUrl: where.twilioBaseUrl,
      },
      email: process.env.BENCH_NOTIFY_SMS_ONLY
        ? null
        : {
            host: 'localhost',
            port: where.smtpPort,
            security: 'tls',
            auth: { user: 'bench', password: 'bench' },
            from: 'Bench <b@bench.example>',
          },
    },
  });
  const messages = new EmbeddedMessageRepository(store!);
  const bus = new EmbeddedEventBus(busStore!);
  const notifier = await startNotifier(
    {
      messages,
      optOuts: new EmbeddedOptOutRepository(store!, messages.outbox),
      recipients: {
        // A recipient of each order's own (the per-recipient budget would stop one told a thousand times).
        find: async (_accountId, taskId) => ({
          personName: 'Ada Lovelace',
          phoneNumber: `+33 6 ${String(parseInt(createHash('sha256').update(taskId).digest('hex').slice(0, 8), 16) % 1e8).padStart(8, '0')}`,
          email: `${taskId}@example.com`,
          countryCode: 'FR',
        }),
        snapshotOf: async () => null,
      },
      accounts,
      bus,
      clock: systemClock,
      secrets: new SecretBox(parseSecretsKey(generateSecretsKey(), 'bench')),
      budgets: new EmbeddedKeyValueStore(store!),
    },
    {
      grpcAddress: null,
      settings: {
        ...DEFAULT_NOTIFIER_SETTINGS,
        // One account stands for many here: its share of the slots (there for fairness between accounts) is lifted to all of them.
        perAccountConcurrency: DEFAULT_NOTIFIER_SETTINGS.concurrency,
        urlPolicy: { allowHttp: true, allowPrivateNetworks: true },
        pollIntervalMs: 50,
        smtpCa: where.ca,
      },
      publicBaseUrl: () => 'https://deliveries.example.com',
      logger: { error: (...args: unknown[]) => console.error(...args) },
    },
  );

  const offered = ordersPerSecond * seconds;
  const started = wallClock();
  const cpuBefore = process.cpuUsage();
  const providersCpuBefore = received.cpuMs;
  for (let second = 0; second < seconds; second++) {
    const batch = Array.from({ length: ordersPerSecond }, (_, i) => `tsk_bench_${second}_${i}`).flatMap((order) =>
      orderEvents(order, Date.now()).map((event) => ({ key: event.subject, value: JSON.stringify(event) })),
    );
    await bus.publish(TOPICS.orders, batch);
    const due = started + (second + 1) * 1_000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - wallClock())));
  }
  const expected = offered * (process.env.BENCH_NOTIFY_SMS_ONLY ? MESSAGES_PER_ORDER / 2 : MESSAGES_PER_ORDER);
  const deadline = wallClock() + 120_000;
  const sent = () => received.sms + received.emails;
  while (sent() < expected && wallClock() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const elapsed = (wallClock() - started) / 1_000;
  // The notifier runs in this process: its CPU per message, and the rate one core would carry at that cost.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerMessageMs = (cpu.user + cpu.system) / 1_000 / Math.max(1, sent());
  // The cores the offered rate needs at these costs, the providers' fakes included, beside the cores there are.
  const offeredPerSecond = expected / seconds;
  const notifierCores = (cpuPerMessageMs * offeredPerSecond) / 1_000;
  const providersCores = ((received.cpuMs - providersCpuBefore) / Math.max(1, sent())) * (offeredPerSecond / 1_000);
  // From the event taken (the message made) to the provider's answer, over a sample of orders.
  const sample = Array.from(
    { length: Math.min(offered, 300) },
    (_, i) => `tsk_bench_${Math.floor(i / ordersPerSecond)}_${i % ordersPerSecond}`,
  );
  const all = await Promise.all(
    sample.flatMap((order) => ['d', 's', 'v'].map((suffix) => messages.listByTask('bench', `${order}_${suffix}`))),
  );
  const latencies = all
    .flat()
    .filter((m) => m.status === 'sent')
    .map((m) => Date.parse(m.history.find((h) => h.status === 'sent')!.at) - Date.parse(m.createdAt))
    .sort((a, b) => a - b);
  console.log(
    `notifier: ${offered} orders offered at ${ordersPerSecond}/s for ${seconds} s, ${expected} messages (SMS to Twilio's fake, e-mail over SMTP with TLS)`,
  );
  console.log(`  sent ${sent()} in ${elapsed.toFixed(1)} s: ${(sent() / elapsed).toFixed(0)} messages/s (offered ${expected / seconds}/s)`);
  console.log(`  taken-to-sent p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms (a sample of ${latencies.length})`);
  console.log(
    `  the notifier's CPU: ${cpuPerMessageMs.toFixed(3)} ms a message, ${(1_000 / cpuPerMessageMs).toFixed(0)} messages/s on one core`,
  );
  console.log(
    `  ${offeredPerSecond}/s needs ${notifierCores.toFixed(2)} cores of notifier (${Math.ceil(notifierCores)} replica(s) at a core each) and ${providersCores.toFixed(2)} of the providers' fakes; this machine has ${availableParallelism()}`,
  );
  // Kept up: everything offered was out within a second of the last offer, not drained from a backlog later.
  const keptUp = sent() === expected && elapsed <= seconds + 1;
  console.log(keptUp ? 'goal met: it keeps up' : 'goal NOT met: it falls behind');
  await notifier.stop();
  await bus.close();
  await Promise.all([store!, busStore!, accountStore!].map((opened) => opened.close()));
  providers.disconnect();
  dir.remove();
  process.exitCode = keptUp ? 0 : 1;
}

void main();
