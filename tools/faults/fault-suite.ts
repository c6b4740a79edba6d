import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_MESSAGE_BUDGETS, withSealedSecrets } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { systemClock } from '@delivery/clock';
import { TOPICS, UBER_DIRECT_DEFAULTS } from '@delivery/contracts';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { DEFAULT_HANDLING } from '@delivery/event-bus';
import { DEFAULT_OUTBOX_LEAD_MS } from '@delivery/outbox';
import {
  aTwilioAccount,
  freePort,
  randomBasePort,
  startOutageFront,
  startRedisServer,
  startSmtpReceiver,
  startTwilioFake,
  startUberDirectFake,
  startWebhookReceiver,
  tempDataDir,
  type SmtpReceiver,
  type ThrowAwayRedis,
  type TwilioAccountFixture,
} from '@delivery/testing';
import { EmbeddedDeliveryRepository } from '@delivery/webhook-deliveries/embedded';
import { adminCommands } from '../../apps/admin/src/admin-commands';
import { adminDepsOver } from '../../apps/admin/src/admin-deps';
import { uberDirectFleetOptions } from '../../e2e/support/uber-direct-fleet-options';
import { EmbeddedTaskRepository } from '../../apps/order-lifecycle/src/adapters/task.embedded-repository';
import { startDistributed, type Distributed, type Instance } from '../distributed/launch';
import { startUberCouriers } from './courier-driver';
import { checkFaultRun, notificationProblems, type CheckResult, type ProvidersReceived, type Timeline } from './fault-checker';
import { startOrderLoad } from './order-load';
import { startTopicLog } from './topic-log';

/** How long each fault lasts: the issue's full durations, or the short form `npm test` runs. */
export interface FaultDurations {
  /** Produce requests answered with a retriable error, then the broker down. */
  produceErrorsMs: number;
  brokerDownMs: number;
  redisDownMs: number;
  /** The webhook receiver and the courier network: connections refused for half of it, then 503. */
  receiversDownMs: number;
  /** The longest a fault may take to be caught up: every order made before its end delivered and told. */
  catchUpMs: number;
  /**
   * The broker's, Redis's and the receivers' faults one after another while the leader is
   * paused, and the kills straight after, caught up once at the end: the short form's way
   * of fitting every fault into a few minutes. Otherwise each is caught up before the next.
   */
  overlapping: boolean;
  /** How many outbox leads the leader is paused for: a minute (three) in the full run, long enough to be taken over twice in the short one. */
  pausedLeads: number;
  /**
   * Two notifier replicas, one paused this long (past its group's session, 30 s, so the other
   * takes its partitions) and both killed with order-lifecycle; or null for one notifier,
   * killed with order-lifecycle: the short form leaves the pause and the second replica out,
   * their rebalances lengthening a run `npm test` keeps under a quarter hour on two cores.
   */
  notifierPausedMs: number | null;
  /**
   * After the last order is caught up, the longest its messages may take to be settled: an
   * SMS Twilio turned away in its outage waits out the notifier's back-off (30 s, then 1, 2,
   * 5 minutes), one whose notifier was killed mid-send its lease (a minute).
   */
  notifiedWithinMs: number;
}
export const FULL_DURATIONS: FaultDurations = {
  produceErrorsMs: 30_000,
  brokerDownMs: 20_000,
  redisDownMs: 15_000,
  receiversDownMs: 5 * 60_000,
  catchUpMs: 180_000,
  overlapping: false,
  pausedLeads: 3,
  notifierPausedMs: 70_000,
  notifiedWithinMs: 12 * 60_000,
};
export const SHORT_DURATIONS: FaultDurations = {
  produceErrorsMs: 10_000,
  brokerDownMs: 5_000,
  redisDownMs: 15_000,
  receiversDownMs: 10_000,
  catchUpMs: 180_000,
  overlapping: true,
  pausedLeads: 2,
  notifierPausedMs: null,
  notifiedWithinMs: 150_000,
};

export interface FaultOutcome {
  fault: string;
  lastedS: number;
  /** From the fault's end until every order made before it was delivered and told; null when not within the bound. */
  caughtUpS: number | null;
  /** Seconds the gateway answered its readiness probe with anything but 200, from the fault's start until caught up. */
  gatewayUnreadyS: number;
  /** Whether the gateway must stay ready through this fault. */
  mustStayReady: boolean;
  /** Create Order attempts answered other than 200 meanwhile (each retried by the load until made). */
  ordersRefused: number;
  note: string;
  /** Whether the fault was what it says (a kill amid hand-overs found one under way). */
  happened: boolean;
}

/** What a fault's run saw. */
interface Seen {
  note: string;
  happened?: boolean;
}

export interface FaultRun {
  outcomes: FaultOutcome[];
  /** Caught up once, after all the faults (the short form). */
  overlapping: boolean;
  check: CheckResult;
  catchUpBoundS: number;
  ok: boolean;
}

const UBER = {
  customerId: 'cus_faults',
  clientId: 'uber-faults',
  clientSecret: randomBytes(16).toString('hex'),
  webhookSigningKey: randomBytes(16).toString('hex'),
};
const SAMPLE_MS = 250;
/** Kafka's Produce request, and the retriable error a cluster short of in-sync replicas answers it with. */
const [PRODUCE, NOT_ENOUGH_REPLICAS] = [0, 19];
/** Pauses that keep a webhook trying through the longest outage here (~7 minutes), at the production schedule's first steps. */
const WEBHOOK_RETRIES = ['1s', '2s', '5s', '10s', ...Array<string>(28).fill('15s')].join(',');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The fault suite (issue 36): the distributed shape with two replicas of order-lifecycle, of
 * the webhook dispatcher and (in the full run) of the notifier, a real redis-server, the Kafka
 * mock cluster, a fake of Uber Direct and one of Twilio each behind a front that can fail, an
 * SMTP server and a webhook receiver, under a steady load of Create Orders that the sandbox
 * fleet and Uber's couriers take to the door, each recipient told by SMS and e-mail. Each
 * fault in turn, then the checker over every topic, the receiver's log, Uber's deliveries and
 * the messages the providers took.
 */
export async function runFaultSuite(
  durations: FaultDurations,
  say: (line: string) => void = console.log,
  /** Runs only the faults whose names it matches (all by default). */
  only: RegExp = /./,
): Promise<FaultRun> {
  const dir = tempDataDir('faults-');
  const { notifierPausedMs } = durations;
  const receiver = await startWebhookReceiver();
  const uber = await startUberDirectFake(UBER);
  // Slow is slower than a call's round trip, and still within the fleet's timeout (UBER_DIRECT_DEFAULTS, 3 s): calls stay in flight, and succeed.
  const uberFront = await startOutageFront(uber.url, { slowMs: UBER_DIRECT_DEFAULTS.timeoutMs / 2 });
  const twilioAccount = aTwilioAccount();
  const twilio = await startTwilioFake([twilioAccount]);
  // Slow enough that a killed notifier's SMS are still on their way to Twilio.
  const twilioFront = await startOutageFront(twilio.baseUrl, { slowMs: 2_000 });
  const smtp = await startSmtpReceiver({ security: 'tls', user: 'notifier', password: randomBytes(8).toString('hex') });
  const smtpCaFile = join(dir.path, 'smtp-ca.pem');
  writeFileSync(smtpCaFile, smtp.ca);
  const lastLines = new Map<Instance, string[]>();
  let system: Distributed | null = null;
  let redisAgain: ThrowAwayRedis | null = null;
  const cleanups: (() => unknown)[] = [];
  try {
    system = await startDistributed({
      dataDir: dir.path,
      gatewayPort: await freePort(),
      basePort: randomBasePort(),
      replicas: { 'order-lifecycle': 2, 'webhook-dispatcher': 2, notifier: notifierPausedMs === null ? 1 : 2 },
      // Room for every event of a full run under the mock's few MiB a partition.
      partitions: 12,
      env: {
        OUTBOUND_ALLOW_HTTP: 'true',
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_RETRY_SCHEDULE: WEBHOOK_RETRIES,
        WEBHOOK_POLL_INTERVAL_MS: '250',
        SANDBOX_STEP_SECONDS: '1',
        SANDBOX_POLL_INTERVAL_MS: '250',
        NOTIFIER_SMTP_CA_FILE: smtpCaFile,
        LOG_LEVEL: 'warn',
      },
      demo: { settings: { accountId: 'demo', carrierCode: 'OWNFLEET', serviceLevel: 'EXPRESS' }, sandbox: true },
      onLine: (instance, line) => {
        const lines = lastLines.get(instance) ?? [];
        lines.push(line);
        if (lines.length > 30) lines.shift();
        lastLines.set(instance, lines);
      },
    });
    const running = system;
    say(`faults: the distributed shape is up (${running.instances.join(', ')})`);
    const uberWebhookPath = await configureAccount(dir.path, uberFront.url, receiver.url, {
      twilio: { account: twilioAccount, url: twilioFront.url },
      smtp,
    });
    const couriers = startUberCouriers(uber, 1_000, `${running.gatewayUrl}${uberWebhookPath}`);
    cleanups.push(() => couriers.stop());

    const topicLog = await startTopicLog(running.env.KAFKA_BROKERS!.split(','), [
      TOPICS.orders,
      TOPICS.notifications,
      DEFAULT_HANDLING.deadLetterTopic,
    ]);
    cleanups.push(() => topicLog.stop());
    const readiness: { at: number; ok: boolean }[] = [];
    const sampler = setInterval(() => {
      const at = Date.now();
      fetch(`${running.opsUrl('gateway')}/readyz`, { signal: AbortSignal.timeout(SAMPLE_MS * 4) }).then(
        (answer) => readiness.push({ at, ok: answer.ok }),
        () => readiness.push({ at, ok: false }),
      );
    }, SAMPLE_MS);
    cleanups.push(() => clearInterval(sampler));
    const loadStarted = Date.now();
    const load = startOrderLoad({
      gatewayUrl: running.gatewayUrl,
      credentials: { clientId: running.demoCredentials!.app.clientId, clientSecret: running.demoCredentials!.clientSecret },
      perSecond: 1,
      carrierCodes: ['OWNFLEET', 'UBER'],
    });
    cleanups.push(() => load.stop());

    /** Tasks whose `task.delivered` webhook the receiver took, and the last webhook of each task. */
    const told = new Set<string>();
    const lastTold = new Map<string, string>();
    let readWebhooks = 0;
    const delivered = () => {
      for (; readWebhooks < receiver.received.length; readWebhooks += 1) {
        const payload = JSON.parse(receiver.received[readWebhooks]!.body) as { type: string; data: { task_id: string } };
        if (payload.type === 'task.delivered') told.add(payload.data.task_id);
        lastTold.set(payload.data.task_id, payload.type);
      }
      return told;
    };
    /** Waits until every order made before `by` is delivered and told; the seconds it took from `by`, or null past the bound. */
    const caughtUp = async (by: number): Promise<number | null> => {
      const deadline = Date.now() + durations.catchUpMs;
      for (;;) {
        const owed = load.tasks.filter((task) => task.createdAt <= by);
        const waiting = owed.filter((task) => !delivered().has(task.taskId));
        if (waiting.length === 0) return (Date.now() - by) / 1000;
        if (Date.now() > deadline) {
          const where = new Map<string, number>();
          for (const task of waiting) {
            const at = `${task.carrierCode} ${lastTold.get(task.taskId) ?? 'nothing told'}`;
            where.set(at, (where.get(at) ?? 0) + 1);
          }
          say(
            `faults: ${waiting.length} orders not caught up, by carrier and last webhook: ${[...where].map(([at, n]) => `${at} ×${n}`).join(', ')}`,
          );
          return null;
        }
        await sleep(SAMPLE_MS);
      }
    };

    // The calm run: its first orders made (the witness that the load flows, not a fixed wait),
    // then each taken to the door and told.
    const calmOrders = 10;
    while (load.tasks.length < calmOrders) {
      if (Date.now() > loadStarted + durations.catchUpMs) throw new Error(`faults: the calm run made no orders:\n${tails(lastLines)}`);
      await sleep(SAMPLE_MS);
    }
    if ((await caughtUp(Date.now())) === null) throw new Error(`faults: the calm run did not deliver its orders:\n${tails(lastLines)}`);
    say(`faults: calm run delivered ${delivered().size} orders`);

    interface Fault {
      name: string;
      /** Whether the gateway must stay ready through it. */
      mustStayReady: boolean;
      /** Overlapping, it starts this long after the first. */
      offsetMs: number;
      run(): Promise<Seen>;
    }
    const pausedFor = durations.pausedLeads * DEFAULT_OUTBOX_LEAD_MS;
    const kafkaMs = durations.produceErrorsMs + durations.brokerDownMs;
    const overlapped: Fault[] = [
      {
        name: `SIGSTOP the outbox leader for ${pausedFor / 1000} s (${durations.pausedLeads} leads)`,
        mustStayReady: false,
        offsetMs: 0,
        run: async () => {
          const leader = await outboxLeader(running);
          const pid = running.pids()[leader]!;
          const before = delivered().size;
          process.kill(pid, 'SIGSTOP');
          try {
            await sleep(pausedFor);
          } finally {
            process.kill(pid, 'SIGCONT');
          }
          return { note: `${leader} paused; ${delivered().size - before} orders delivered meanwhile, the other replica publishing` };
        },
      },
      ...(notifierPausedMs === null
        ? []
        : [
            {
              name: `SIGSTOP a notifier replica for ${notifierPausedMs / 1000} s, past its group's session`,
              mustStayReady: true,
              offsetMs: 0,
              run: async () => {
                const pid = running.pids().notifier!;
                process.kill(pid, 'SIGSTOP');
                try {
                  await sleep(notifierPausedMs);
                } finally {
                  process.kill(pid, 'SIGCONT');
                }
                return { note: 'the other replica took its partitions over' };
              },
            },
          ]),
      {
        name: `Produce answered NOT_ENOUGH_REPLICAS for ${durations.produceErrorsMs / 1000} s, then the broker down for ${durations.brokerDownMs / 1000} s`,
        mustStayReady: true,
        offsetMs: 0,
        run: async () => {
          const kafka = running.kafka!;
          await kafka.failRequests(PRODUCE, 1_000_000, NOT_ENOUGH_REPLICAS);
          await sleep(durations.produceErrorsMs);
          await kafka.clearFailures(PRODUCE);
          await kafka.setDown(1);
          await sleep(durations.brokerDownMs);
          await kafka.setUp(1);
          return { note: 'events waited in the outboxes' };
        },
      },
      {
        name: `Redis stopped for ${durations.redisDownMs / 1000} s`,
        mustStayReady: true,
        offsetMs: kafkaMs,
        run: async () => {
          const port = Number(new URL(running.env.REDIS_URL!).port);
          await running.redis!.stop();
          await sleep(durations.redisDownMs);
          redisAgain = await startRedisServer('redis-server', { port, ownProcessGroup: true });
          return { note: 'started again empty on its port (no persistence)' };
        },
      },
      {
        name: `The webhook receiver, Uber and Twilio down for ${durations.receiversDownMs / 1000} s (refused, then 503)`,
        mustStayReady: false,
        offsetMs: kafkaMs + durations.redisDownMs,
        run: async () => {
          await Promise.all([receiver.stop(), uberFront.set('refused'), twilioFront.set('refused')]);
          await sleep(durations.receiversDownMs / 2);
          receiver.answerWith(() => ({ status: 503 }));
          await Promise.all([receiver.start(), uberFront.set('unavailable'), twilioFront.set('unavailable')]);
          await sleep(durations.receiversDownMs / 2);
          receiver.answerWith(() => ({ status: 204 }));
          await Promise.all([uberFront.set('up'), twilioFront.set('up')]);
          return { note: 'webhooks, hand-overs and SMS retried' };
        },
      },
    ];
    const kills: Fault[] = [
      {
        name: `kill -9 of order-lifecycle, the webhook dispatcher and ${notifierPausedMs === null ? 'the notifier' : 'both notifiers'} amid courier hand-overs and SMS`,
        mustStayReady: false,
        offsetMs: 0,
        run: async () => {
          // Uber and Twilio slow to answer: hand-overs and SMS stay in flight long enough to be cut.
          await Promise.all([uberFront.set('slow'), twilioFront.set('slow')]);
          const creating = () => uberFront.pending().filter((call) => call.method === 'POST' && call.path.endsWith('/deliveries')).length;
          const texting = () =>
            twilioFront.pending().filter((call) => call.method === 'POST' && call.path.endsWith('/Messages.json')).length;
          // After an outage Uber's lane may be backing off (30 s at most) before its next hand-over.
          const deadline = Date.now() + 90_000;
          while ((creating() === 0 || texting() === 0) && Date.now() < deadline) await sleep(20);
          const [cut, cutSms] = [creating(), texting()];
          // Both notifiers at once, where there are two: their group holds only killed members until their sessions end.
          const killed: Instance[] = [
            'order-lifecycle',
            'webhook-dispatcher',
            ...(notifierPausedMs === null ? (['notifier'] as const) : (['notifier', 'notifier#2'] as const)),
          ];
          await Promise.all(killed.map((instance) => running.kill(instance)));
          await Promise.all([uberFront.set('up'), twilioFront.set('up')]);
          const restarted = await timedRestart(killed);
          return {
            note: `${cut} Uber deliveries being created and ${cutSms} SMS on their way to Twilio when killed; all ready again in ${restarted} s`,
            happened: cut > 0 && cutSms > 0,
          };
        },
      },
      {
        name: 'kill -9 of the second order-lifecycle amid Create Orders',
        mustStayReady: false,
        offsetMs: 0,
        run: async () => {
          load.burst(20);
          await sleep(20);
          const cut = load.inFlight();
          await running.kill('order-lifecycle#2');
          const restarted = await timedRestart(['order-lifecycle#2']);
          return { note: `${cut} Create Orders in flight when killed; ready again in ${restarted} s`, happened: cut > 0 };
        },
      },
    ];

    /**
     * Starts killed processes again; the seconds until all are ready. A replica started while
     * its group still holds the killed member waits for the rebalance before it serves its
     * operations port (up to the session and rebalance timeouts, 30 s each): more than the
     * launcher's usual minute, so this allows two (docs/decisions.md, "The fault suite").
     */
    const timedRestart = async (instances: Instance[]) => {
      const started = Date.now();
      await Promise.all(instances.map((instance) => running.start(instance, 120_000)));
      return Math.round((Date.now() - started) / 1000);
    };

    const outcomes: FaultOutcome[] = [];
    /** Runs a fault, and says what was seen from its start until `until` (its catch-up, or its own end). */
    const timed = async (fault: Fault) => {
      await sleep(durations.overlapping ? fault.offsetMs : 0);
      say(`faults: ${fault.name}`);
      const start = Date.now();
      const seen = await fault.run();
      return { fault, start, end: Date.now(), ...seen };
    };
    const record = (ran: Awaited<ReturnType<typeof timed>>, caughtUpS: number | null, until: number) => {
      const within = (at: number) => at >= ran.start && at <= until;
      const unready = readiness.filter((sample) => within(sample.at) && !sample.ok).length;
      const outcome: FaultOutcome = {
        fault: ran.fault.name,
        lastedS: Math.round((ran.end - ran.start) / 1000),
        caughtUpS: caughtUpS === null ? null : Math.round(caughtUpS * 10) / 10,
        gatewayUnreadyS: (unready * SAMPLE_MS) / 1000,
        mustStayReady: ran.fault.mustStayReady,
        ordersRefused: load.refused.filter((attempt) => within(attempt.at)).length,
        note: ran.note,
        happened: ran.happened ?? true,
      };
      outcomes.push(outcome);
      say(`faults: ${outcome.fault}: caught up in ${outcome.caughtUpS ?? 'more than the bound'} s; ${outcome.note}`);
    };
    const chosen = (faults: Fault[]) => faults.filter((fault) => only.test(fault.name));
    if (durations.overlapping) {
      const ran = await Promise.all(chosen(overlapped).map(timed));
      for (const kill of chosen(kills)) ran.push(await timed(kill));
      const end = Date.now();
      const caughtUpS = await caughtUp(end);
      // Together, one catch-up; the gateway's readiness is read over each fault's own time.
      for (const one of ran) record(one, caughtUpS, one.end);
    } else {
      for (const fault of chosen([...overlapped, ...kills])) {
        const ran = await timed(fault);
        const caughtUpS = await caughtUp(ran.end);
        record(ran, caughtUpS, Date.now());
      }
    }

    await load.stop();
    const end = Date.now();
    const finalCatchUp = await caughtUp(end);
    const fullyRead = Date.now() + durations.notifiedWithinMs;
    const tasks = load.tasks.map((task) => ({ taskId: task.taskId, courier: task.carrierCode === 'UBER' }));
    const received = (): ProvidersReceived => ({
      sms: twilio.messages.map((message) => message.body),
      // Our message's id is the Message-ID's local part.
      emailMessageIds: smtp.mails.map((mail) => /^<?([^@>]+)/.exec(mail.messageId ?? '')?.[1] ?? ''),
    });
    // The notifier tells the last deliveries after their webhooks: read until its events are in too, within the bound.
    const notified = () =>
      notificationProblems({
        tasks,
        messages: topicLog.messages,
        ordersTopic: TOPICS.orders,
        notificationsTopic: TOPICS.notifications,
        received: received(),
      }).length === 0;
    while (!((await topicLog.caughtUp()) && notified()) && Date.now() < fullyRead) await sleep(SAMPLE_MS);
    // The last webhooks of each task (after its delivery: none) have been told once its `task.delivered` was.
    const truncated = await topicLog.truncated();
    const check = checkFaultRun({
      tasks,
      messages: topicLog.messages,
      ordersTopic: TOPICS.orders,
      deadLetterTopic: DEFAULT_HANDLING.deadLetterTopic,
      notificationsTopic: TOPICS.notifications,
      timelines: await timelinesOf(
        dir.path,
        load.tasks.map((task) => task.taskId),
      ),
      webhookEventIds: new Set(receiver.received.map((w) => (JSON.parse(w.body) as { data: { event_id: string } }).data.event_id)),
      courierDeliveries: (taskId) => uber.allByExternalId(taskId).length,
      received: received(),
    });
    if (finalCatchUp === null) check.problems.push('the last orders were not delivered within the bound');
    if (truncated.length > 0) check.problems.push(`the mock broker dropped the oldest messages of ${truncated.join(', ')}`);
    const ok = check.problems.length === 0 && outcomes.every(held);
    if (!ok) say(`faults: the apps' last lines:\n${tails(lastLines)}`);
    return { outcomes, overlapping: durations.overlapping, check, catchUpBoundS: durations.catchUpMs / 1000, ok };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await system?.stop();
    await (redisAgain as ThrowAwayRedis | null)?.stop();
    await Promise.all([receiver.stop(), uberFront.stop(), uber.stop(), twilioFront.stop(), twilio.stop(), smtp.stop()]);
    dir.remove();
  }
}

/** The order-lifecycle replica whose relay leads the outbox, by its `outbox_leader` gauge. */
async function outboxLeader(running: Distributed): Promise<Instance> {
  const replicas = running.instances.filter((instance) => instance.startsWith('order-lifecycle'));
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const instance of replicas) {
      const metrics = await fetch(`${running.opsUrl(instance)}/metrics`).then((answer) => answer.text());
      if (/^outbox_leader\{service="order-lifecycle"\} 1$/m.test(metrics)) return instance;
    }
    if (Date.now() > deadline) throw new Error('faults: no order-lifecycle replica leads the outbox');
    await sleep(SAMPLE_MS);
  }
}

/**
 * The operator's setup, with the admin CLI's commands on the accounts store: Uber as a fleet
 * (behind the front) with the signing key of its webhooks, a webhook, and the recipients told
 * by SMS through Twilio (behind its front) and by e-mail through the SMTP server at any hour.
 * Answers the path Uber's webhooks go to.
 */
async function configureAccount(
  dataDir: string,
  uberUrl: string,
  webhookUrl: string,
  providers: { twilio: { account: TwilioAccountFixture; url: string }; smtp: SmtpReceiver },
): Promise<string> {
  const store = openEmbeddedStore(join(dataDir, 'accounts'));
  const accounts = withSealedSecrets(new EmbeddedAccountRepository(store), { DATA_DIR: dataDir });
  const deps = adminDepsOver({
    accounts,
    deliveries: new EmbeddedDeliveryRepository(store),
    clock: systemClock,
    urlPolicy: { allowHttp: true, allowPrivateNetworks: true },
  });
  const admin = (command: string, options: Record<string, string>) => adminCommands[command]!({ account: 'demo', ...options }, deps);
  try {
    await admin('add-service-plan', { 'carrier-code': 'UBER', 'service-level': 'EXPRESS', 'base-charge': '8.75' });
    const fleet = uberDirectFleetOptions(uberUrl, UBER);
    const added = (await admin('add-fleet', fleet)) as { id: number; courierWebhook: { path: string } };
    // The webhook URL goes into Uber's dashboard, which then gives the signing key.
    await admin('add-fleet', { ...fleet, id: String(added.id), replace: 'true', 'webhook-signing-key': UBER.webhookSigningKey });
    await admin('add-webhook', { url: webhookUrl });
    const { account, url } = providers.twilio;
    await admin('set-twilio', {
      'account-sid': account.accountSid,
      'auth-token': account.authToken,
      from: account.numbers[0]!,
      'base-url': url,
    });
    const smtp = providers.smtp.channel('Demo <deliveries@demo.example>');
    await admin('set-smtp', {
      host: smtp.host,
      port: String(smtp.port),
      security: smtp.security,
      user: smtp.auth.user,
      password: smtp.auth.password,
      from: smtp.from,
    });
    // Every order of the suite goes to one recipient, hundreds a run: the budgets at their most, so each is sent.
    await admin('set-notifications', {
      'quiet-hours': 'off',
      'sms-per-hour': String(MAX_MESSAGE_BUDGETS.smsPerHour),
      'sms-per-day': String(MAX_MESSAGE_BUDGETS.smsPerDay),
      'per-recipient-per-day': String(MAX_MESSAGE_BUDGETS.perRecipientPerDay),
    });
    return added.courierWebhook.path;
  } finally {
    await accounts.close();
    await store.close();
  }
}

/** Each task's timeline as the store committed it (the events written with its outbox entries). */
async function timelinesOf(dataDir: string, taskIds: readonly string[]): Promise<Map<string, Timeline>> {
  const store = openEmbeddedStore(join(dataDir, 'order-lifecycle'));
  try {
    const tasks = new EmbeddedTaskRepository(store);
    const timelines = new Map<string, Timeline>();
    for (const taskId of taskIds) {
      const task = await tasks.findById('demo', taskId);
      if (task) timelines.set(taskId, task.timeline ?? []);
    }
    return timelines;
  } finally {
    await store.close();
  }
}

const tails = (lines: Map<Instance, string[]>) =>
  [...lines].map(([instance, last]) => `[${instance}]\n${last.slice(-10).join('\n')}`).join('\n');

/** A fault happened as described, was caught up within the bound, and the gateway stayed ready where it must. */
const held = (o: FaultOutcome) => o.happened && o.caughtUpS !== null && (!o.mustStayReady || o.gatewayUnreadyS === 0);

/** The run as a table of faults and outcomes, then the checker's totals. */
export function faultTable(run: FaultRun): string {
  const rows = run.outcomes.map((o) => [
    o.fault,
    `${o.lastedS} s`,
    o.caughtUpS === null ? `> ${run.catchUpBoundS} s` : `${o.caughtUpS} s`,
    `${o.gatewayUnreadyS} s${o.mustStayReady ? ' (must be 0)' : ''}`,
    String(o.ordersRefused),
    held(o) ? 'ok' : 'FAILED',
    o.note,
  ]);
  const caughtUp = run.overlapping ? 'caught up in (all together)' : 'caught up in';
  const header = ['fault', 'lasted', caughtUp, 'gateway unready', 'orders refused, retried', 'outcome', 'seen'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  const c = run.check;
  return [
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `tasks ${c.tasks}, events ${c.events}, duplicates ${c.duplicates}, dead letters ${c.deadLetters}`,
    c.staleRepublishes.length === 0
      ? 'stale republishes (a repeat after a newer revision of its task): none'
      : `stale republishes (a repeat after a newer revision of its task; consumers drop each by its id): ${c.staleRepublishes.length}\n${c.staleRepublishes.join('\n')}`,
    c.problems.length === 0
      ? 'checker: every event on the topic and in order, every webhook told, one courier delivery per courier task, each told moment’s messages settled once'
      : `checker: ${c.problems.length} problems:\n${c.problems.slice(0, 40).join('\n')}`,
  ].join('\n');
}
