import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_MESSAGE_BUDGETS, withSealedSecrets } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { systemClock } from '@delivery/clock';
import { TOPICS, UBER_DIRECT_DEFAULTS } from '@delivery/contracts';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { DEFAULT_HANDLING } from '@delivery/event-bus';
import {
  aTwilioAccount,
  freePort,
  randomBasePort,
  startOutageFront,
  startSmtpReceiver,
  startTwilioFake,
  startUberDirectFake,
  startWebhookReceiver,
  tempDataDir,
  type SmtpReceiver,
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
import { FAULTS, type Fault, type FaultWorld } from './faults';
import type { FaultDurations } from './fault-durations';
import { startOrderLoad } from './order-load';
import { holdFor, SAMPLE_MS, until } from './until';
import { startTopicLog } from './topic-log';

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
  /** What shows the fault was what it says, and whether it was seen (a kill amid hand-overs found one under way). */
  witness: string;
  happened: boolean;
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
/** Pauses that keep a webhook trying through the longest outage here (~7 minutes), at the production schedule's first steps. */
const WEBHOOK_RETRIES = ['1s', '2s', '5s', '10s', ...Array<string>(28).fill('15s')].join(',');

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
  const cleanups: (() => unknown)[] = [];
  /** What a fault started (Redis again), stopped after the system, as the system's own were. */
  const afterSystem: (() => Promise<unknown>)[] = [];
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
    const waitingSince = (by: number) => load.tasks.filter((task) => task.createdAt <= by && !delivered().has(task.taskId));
    /** Waits until every order made before `by` is delivered and told; the seconds it took from `by`, or null past the bound. */
    const caughtUp = async (by: number): Promise<number | null> => {
      if (await until(() => waitingSince(by).length === 0, durations.catchUpMs)) return (Date.now() - by) / 1000;
      const where = new Map<string, number>();
      for (const task of waitingSince(by)) {
        const at = `${task.carrierCode} ${lastTold.get(task.taskId) ?? 'nothing told'}`;
        where.set(at, (where.get(at) ?? 0) + 1);
      }
      say(
        `faults: ${waitingSince(by).length} orders not caught up, by carrier and last webhook: ${[...where].map(([at, n]) => `${at} ×${n}`).join(', ')}`,
      );
      return null;
    };

    // The calm run: its first orders made (the witness that the load flows, not a fixed wait),
    // then each taken to the door and told.
    const calmOrders = 10;
    if (!(await until(() => load.tasks.length >= calmOrders, durations.catchUpMs))) {
      throw new Error(`faults: the calm run made no orders:\n${tails(lastLines)}`);
    }
    if ((await caughtUp(Date.now())) === null) throw new Error(`faults: the calm run did not deliver its orders:\n${tails(lastLines)}`);
    say(`faults: calm run delivered ${delivered().size} orders`);

    const world: FaultWorld = {
      running,
      durations,
      load,
      receiver,
      uberFront,
      twilioFront,
      twilio,
      /**
       * A replica started while its group still holds the killed member waits for the
       * rebalance before it serves its operations port (up to the session and rebalance
       * timeouts, 30 s each): more than the launcher's usual minute, so this allows two
       * (docs/decisions.md, "The fault suite").
       */
      restart: async (instances) => {
        const started = Date.now();
        await Promise.all(instances.map((instance) => running.start(instance, 120_000)));
        return Math.round((Date.now() - started) / 1000);
      },
      keep: (stop) => afterSystem.push(stop),
    };

    const outcomes: FaultOutcome[] = [];
    /** Runs a fault, and says what was seen from its start until `until` (its catch-up, or its own end). */
    const timed = async (fault: Fault) => {
      // Overlapping, a fault starts its offset after the first: a schedule, not a wait for something to happen.
      await holdFor(durations.overlapping ? fault.offsetMs(durations) : 0);
      say(`faults: ${fault.name(durations)}`);
      const start = Date.now();
      const seen = await fault.run(world);
      return { fault, start, end: Date.now(), ...seen };
    };
    const record = (ran: Awaited<ReturnType<typeof timed>>, caughtUpS: number | null, until: number) => {
      const within = (at: number) => at >= ran.start && at <= until;
      const unready = readiness.filter((sample) => within(sample.at) && !sample.ok).length;
      const outcome: FaultOutcome = {
        fault: ran.fault.name(durations),
        lastedS: Math.round((ran.end - ran.start) / 1000),
        caughtUpS: caughtUpS === null ? null : Math.round(caughtUpS * 10) / 10,
        gatewayUnreadyS: (unready * SAMPLE_MS) / 1000,
        mustStayReady: ran.fault.mustStayReady,
        ordersRefused: load.refused.filter((attempt) => within(attempt.at)).length,
        note: ran.note,
        witness: ran.fault.witness,
        happened: typeof ran.witnessed === 'function' ? ran.witnessed() : ran.witnessed,
      };
      outcomes.push(outcome);
      say(`faults: ${outcome.fault}: caught up in ${outcome.caughtUpS ?? 'more than the bound'} s; ${outcome.note}`);
    };
    const chosen = FAULTS.filter((fault) => (fault.applies?.(durations) ?? true) && only.test(fault.name(durations)));
    const [overlapped, kills] = [chosen.filter((f) => f.kind === 'overlapped'), chosen.filter((f) => f.kind === 'kill')];
    if (durations.overlapping) {
      const ran = await Promise.all(overlapped.map(timed));
      for (const kill of kills) ran.push(await timed(kill));
      const end = Date.now();
      const caughtUpS = await caughtUp(end);
      // Together, one catch-up; the gateway's readiness is read over each fault's own time.
      for (const one of ran) record(one, caughtUpS, one.end);
    } else {
      for (const fault of chosen) {
        const ran = await timed(fault);
        const caughtUpS = await caughtUp(ran.end);
        record(ran, caughtUpS, Date.now());
      }
    }

    await load.stop();
    const end = Date.now();
    const finalCatchUp = await caughtUp(end);
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
    await until(async () => (await topicLog.caughtUp()) && notified(), durations.notifiedWithinMs);
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
    for (const stop of afterSystem) await stop();
    await Promise.all([receiver.stop(), uberFront.stop(), uber.stop(), twilioFront.stop(), twilio.stop(), smtp.stop()]);
    dir.remove();
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
    o.happened ? o.note : `${o.note}; not seen: ${o.witness}`,
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
