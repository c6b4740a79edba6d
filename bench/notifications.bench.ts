/**
 * The notifier under load (issue 37): BENCH_NOTIFY_ORDERS_PER_SECOND orders a second (200),
 * each told three moments (dispatched, the driver on the way, delivered), so six messages
 * an order: its SMS to a fake of Twilio's Messages API and its e-mail to a real SMTP server
 * over TLS, both on the loopback and in this process, sharing its CPU with the notifier (the
 * worst case for it). Prints the messages a second sent while
 * orders were offered, and event-to-sent latency; the goal: it keeps up (every message sent,
 * at the offered rate). Settings: BENCH_NOTIFY_ORDERS_PER_SECOND, BENCH_NOTIFY_SECONDS (5).
 */
import { join } from 'node:path';
import { DEFAULT_NOTIFICATION_SETTINGS, generateSecretsKey, parseSecretsKey, SecretBox } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { systemClock } from '@delivery/clock';
import { TOPICS, type OrderTopicEvent } from '@delivery/contracts';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedEventBus } from '@delivery/event-bus/embedded';
import { aTwilioAccount, startSmtpReceiver, startTwilioFake, tempDataDir } from '@delivery/testing';
import { EmbeddedMessageRepository } from '../apps/notifier/src/adapters/message.embedded-repository';
import { EmbeddedOptOutRepository } from '../apps/notifier/src/adapters/opt-out.embedded-repository';
import { DEFAULT_NOTIFIER_SETTINGS } from '../apps/notifier/src/config';
import { startNotifier } from '../apps/notifier/src/start';
import { orderEvent, taskSnapshot } from '../apps/notifier/src/testing/order-events.fixture';
import { wallClock } from './wall-clock';

const ordersPerSecond = Number(process.env.BENCH_NOTIFY_ORDERS_PER_SECOND ?? 200);
const seconds = Number(process.env.BENCH_NOTIFY_SECONDS ?? 5);
const MESSAGES_PER_ORDER = 6;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** An order's three told moments, as order-lifecycle publishes them, at `at`. */
function orderEvents(taskId: string, at: number): OrderTopicEvent[] {
  const when = (offsetMs: number) => new Date(at + offsetMs).toISOString();
  const task = taskSnapshot({ taskId, platformFields: null });
  task.wayPoints[1]!.eta = when(60 * 60_000);
  return [
    orderEvent('TaskDispatched', { fleetId: 1, fleetName: 'Own fleet' }, when(0), { ...task, status: 'dispatched' }),
    orderEvent('TaskStarted', { leg: 'dropoff' }, when(1), task),
    orderEvent('TaskDelivered', {}, when(2), { ...task, status: 'delivered' }),
  ].map((event) => ({ ...event, id: `${event.id}-${taskId}`, accountId: 'bench' }) as OrderTopicEvent);
}

async function main() {
  const account = aTwilioAccount();
  const twilio = await startTwilioFake([account]);
  const smtp = await startSmtpReceiver({ security: 'tls', user: 'bench', password: 'bench' });
  const dir = tempDataDir('bench-notify-');
  const [store, busStore, accountStore] = ['notifier', 'bus', 'accounts'].map((name) => openEmbeddedStore(join(dir.path, name)));
  const accounts = new EmbeddedAccountRepository(accountStore!);
  await accounts.createAccount({ id: 'bench', name: 'Bench', createdAt: new Date().toISOString() });
  await accounts.setDeliveryPolicies('bench', {
    notifications: {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      quietHours: null,
      sms: twilio.channelOf(account),
      email: smtp.channel('Bench <b@bench.example>'),
    },
  });
  const messages = new EmbeddedMessageRepository(store!);
  const bus = new EmbeddedEventBus(busStore!);
  const notifier = await startNotifier(
    {
      messages,
      optOuts: new EmbeddedOptOutRepository(store!, messages.outbox),
      recipients: {
        find: async () => ({ personName: 'Ada Lovelace', phoneNumber: '+33 6 12 34 56 78', email: 'ada@example.com', countryCode: 'FR' }),
        snapshotOf: async () => null,
      },
      accounts,
      bus,
      clock: systemClock,
      secrets: new SecretBox(parseSecretsKey(generateSecretsKey(), 'bench')),
    },
    {
      grpcAddress: null,
      settings: {
        ...DEFAULT_NOTIFIER_SETTINGS,
        urlPolicy: { allowHttp: true, allowPrivateNetworks: true },
        pollIntervalMs: 50,
        smtpCa: smtp.ca,
      },
      publicBaseUrl: () => 'https://deliveries.example.com',
      logger: { error: (...args: unknown[]) => console.error(...args) },
    },
  );

  const offered = ordersPerSecond * seconds;
  const started = wallClock();
  for (let second = 0; second < seconds; second++) {
    const batch = Array.from({ length: ordersPerSecond }, (_, i) => `tsk_bench_${second}_${i}`).flatMap((taskId) =>
      orderEvents(taskId, Date.now()).map((event) => ({ key: taskId, value: JSON.stringify(event) })),
    );
    await bus.publish(TOPICS.orders, batch);
    const due = started + (second + 1) * 1_000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - wallClock())));
  }
  const expected = offered * MESSAGES_PER_ORDER;
  const deadline = wallClock() + 120_000;
  const sent = () => twilio.messages.length + smtp.mails.length;
  while (sent() < expected && wallClock() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const elapsed = (wallClock() - started) / 1_000;
  const all = await Promise.all(
    Array.from({ length: Math.min(offered, 500) }, (_, i) =>
      messages.listByTask('bench', `tsk_bench_${Math.floor(i / ordersPerSecond)}_${i % ordersPerSecond}`),
    ),
  );
  const latencies = all
    .flat()
    .map((m) => Date.parse(m.history.find((h) => h.status === 'sent')?.at ?? m.createdAt) - m.dueAt)
    .sort((a, b) => a - b);
  console.log(
    `notifier: ${offered} orders offered at ${ordersPerSecond}/s for ${seconds} s, ${expected} messages (SMS to Twilio's fake, e-mail over SMTP with TLS)`,
  );
  console.log(
    `  sent ${sent()} in ${elapsed.toFixed(1)} s: ${(sent() / elapsed).toFixed(0)} messages/s (offered ${ordersPerSecond * MESSAGES_PER_ORDER}/s)`,
  );
  console.log(`  due-to-sent p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms (a sample of ${latencies.length})`);
  const keptUp = sent() === expected && elapsed <= seconds * 1.5;
  console.log(keptUp ? 'goal met: it keeps up' : 'goal NOT met: it falls behind');
  await notifier.stop();
  await bus.close();
  await Promise.all([store!, busStore!, accountStore!].map((opened) => opened.close()));
  await twilio.stop();
  await smtp.stop();
  dir.remove();
  process.exitCode = keptUp ? 0 : 1;
}

void main();
