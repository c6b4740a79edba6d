import { connect } from 'node:net';
import { DEFAULT_OUTBOX_LEAD_MS } from '@delivery/outbox';
import { startRedisServer, type OutageFront, type ThrowAwayRedis, type TwilioFake, type WebhookReceiver } from '@delivery/testing';
import type { Distributed, Instance } from '../distributed/launch';
import type { FaultDurations } from './fault-durations';
import type { OrderLoad } from './order-load';
import { holdFor, SAMPLE_MS, until } from './until';

/** What a fault acts on and looks at: the running system, its load, and the fronts of its providers. */
export interface FaultWorld {
  running: Distributed;
  durations: FaultDurations;
  load: OrderLoad;
  receiver: WebhookReceiver;
  uberFront: OutageFront;
  twilioFront: OutageFront;
  twilio: TwilioFake;
  /** Starts killed processes again; the seconds until all are ready. */
  restart(instances: Instance[]): Promise<number>;
  /** Keeps what a fault started, for the suite to stop at its end. */
  keep(stop: () => Promise<unknown>): void;
}

/** What a fault's run saw: a note for the table, and whether its witness was seen (now, or once the run has caught up). */
export interface Seen {
  note: string;
  witnessed: boolean | (() => boolean);
}

export interface Fault {
  name(durations: FaultDurations): string;
  /** What shows the fault was what it says; a fault whose witness is not seen fails the run. */
  witness: string;
  /** Overlapped faults run together in the short form; kills follow, one at a time. */
  kind: 'overlapped' | 'kill';
  /** Whether the gateway must stay ready through it. */
  mustStayReady: boolean;
  /** Overlapping, it starts this long after the first. */
  offsetMs(durations: FaultDurations): number;
  /** Whether this run has it (a notifier's pause needs two notifiers: the full run). */
  applies?(durations: FaultDurations): boolean;
  run(world: FaultWorld): Promise<Seen>;
}

/** Kafka's Produce request, and the retriable error a cluster short of in-sync replicas answers it with. */
const [PRODUCE, NOT_ENOUGH_REPLICAS] = [0, 19];
const pausedFor = (d: FaultDurations) => d.pausedLeads * DEFAULT_OUTBOX_LEAD_MS;
const kafkaMs = (d: FaultDurations) => d.produceErrorsMs + d.brokerDownMs;

/** Whether the replica reports leading the outbox; a paused one (no answer) does not. */
async function leads(running: Distributed, instance: Instance): Promise<boolean> {
  const metrics = await fetch(`${running.opsUrl(instance)}/metrics`, { signal: AbortSignal.timeout(SAMPLE_MS * 4) })
    .then((answer) => answer.text())
    .catch(() => '');
  return /^outbox_leader\{service="order-lifecycle"\} 1$/m.test(metrics);
}

/** The order-lifecycle replica whose relay leads the outbox, by its `outbox_leader` gauge. */
export async function outboxLeader(running: Distributed): Promise<Instance> {
  const replicas = running.instances.filter((instance) => instance.startsWith('order-lifecycle'));
  let leader: Instance | undefined;
  const found = await until(async () => {
    for (const instance of replicas) if (await leads(running, instance)) return Boolean((leader = instance));
    return false;
  }, 30_000);
  if (!found) throw new Error('faults: no order-lifecycle replica leads the outbox');
  return leader!;
}

/** Whether a TCP port takes connections. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * The faults, in the order they run, each with its witness (docs/decisions.md, "The fault
 * suite"): what the table reports and what fails the run when not seen.
 */
export const FAULTS: Fault[] = [
  {
    name: (d) => `SIGSTOP the outbox leader for ${pausedFor(d) / 1000} s (${d.pausedLeads} leads)`,
    witness: 'the other replica took the lead while it was paused',
    kind: 'overlapped',
    mustStayReady: false,
    offsetMs: () => 0,
    run: async ({ running, durations }) => {
      const leader = await outboxLeader(running);
      const others = running.instances.filter((instance) => instance.startsWith('order-lifecycle') && instance !== leader);
      const pid = running.pids()[leader]!;
      const started = Date.now();
      process.kill(pid, 'SIGSTOP');
      try {
        const moved = await until(
          async () => (await Promise.all(others.map((other) => leads(running, other)))).some(Boolean),
          pausedFor(durations),
        );
        const movedInS = Math.round((Date.now() - started) / 1000);
        await holdFor(Math.max(0, started + pausedFor(durations) - Date.now()));
        return {
          note: `${leader} paused; the lead ${moved ? `moved to the other in ${movedInS} s` : 'never moved'}`,
          witnessed: moved,
        };
      } finally {
        process.kill(pid, 'SIGCONT');
      }
    },
  },
  {
    name: (d) => `SIGSTOP a notifier replica for ${d.notifierPausedMs! / 1000} s, past its group's session`,
    witness: 'recipients still got SMS while it was paused',
    kind: 'overlapped',
    mustStayReady: true,
    offsetMs: () => 0,
    applies: (d) => d.notifierPausedMs !== null,
    run: async ({ running, durations, twilio }) => {
      const pid = running.pids().notifier!;
      process.kill(pid, 'SIGSTOP');
      const before = twilio.messages.length;
      try {
        await holdFor(durations.notifierPausedMs!);
        const sent = twilio.messages.length - before;
        return { note: `the other replica took its partitions over; ${sent} SMS sent meanwhile`, witnessed: sent > 0 };
      } finally {
        process.kill(pid, 'SIGCONT');
      }
    },
  },
  {
    name: (d) =>
      `Produce answered NOT_ENOUGH_REPLICAS for ${d.produceErrorsMs / 1000} s, then the broker down for ${d.brokerDownMs / 1000} s`,
    witness: 'Create Orders still answered meanwhile (their events waiting in the outboxes)',
    kind: 'overlapped',
    mustStayReady: true,
    offsetMs: () => 0,
    run: async ({ running, durations, load }) => {
      const kafka = running.kafka!;
      const before = load.tasks.length;
      await kafka.failRequests(PRODUCE, 1_000_000, NOT_ENOUGH_REPLICAS);
      await holdFor(durations.produceErrorsMs);
      await kafka.clearFailures(PRODUCE);
      await kafka.setDown(1);
      await holdFor(durations.brokerDownMs);
      await kafka.setUp(1);
      const made = load.tasks.length - before;
      return { note: `${made} orders made while events could not be published`, witnessed: made > 0 };
    },
  },
  {
    name: (d) => `Redis stopped for ${d.redisDownMs / 1000} s`,
    witness: 'its port refused connections, then took them on its start again',
    kind: 'overlapped',
    mustStayReady: true,
    offsetMs: kafkaMs,
    run: async ({ running, durations, keep }) => {
      const port = Number(new URL(running.env.REDIS_URL!).port);
      await running.redis!.stop();
      const gone = !(await listening(port));
      await holdFor(durations.redisDownMs);
      const again: ThrowAwayRedis = await startRedisServer('redis-server', { port, ownProcessGroup: true });
      keep(() => again.stop());
      return { note: 'started again empty on its port (no persistence)', witnessed: gone && (await listening(port)) };
    },
  },
  {
    name: (d) => `The webhook receiver, Uber and Twilio down for ${d.receiversDownMs / 1000} s (refused, then 503)`,
    witness: 'webhooks of events made while it was down came once it was up again',
    kind: 'overlapped',
    mustStayReady: false,
    offsetMs: (d) => kafkaMs(d) + d.redisDownMs,
    run: async ({ durations, receiver, uberFront, twilioFront }) => {
      const start = Date.now();
      await Promise.all([receiver.stop(), uberFront.set('refused'), twilioFront.set('refused')]);
      await holdFor(durations.receiversDownMs / 2);
      receiver.answerWith(() => ({ status: 503 }));
      await Promise.all([receiver.start(), uberFront.set('unavailable'), twilioFront.set('unavailable')]);
      await holdFor(durations.receiversDownMs / 2);
      receiver.answerWith(() => ({ status: 204 }));
      await Promise.all([uberFront.set('up'), twilioFront.set('up')]);
      const end = Date.now();
      // Read once the run has caught up: an event of the outage whose webhook was taken after it.
      const retried = () =>
        receiver.received.filter((webhook) => {
          const made = Date.parse((JSON.parse(webhook.body) as { timestamp: string }).timestamp);
          return webhook.receivedAt > end && made >= start && made <= end;
        }).length;
      return { note: 'webhooks, hand-overs and SMS retried', witnessed: () => retried() > 0 };
    },
  },
  {
    name: (d) =>
      `kill -9 of order-lifecycle, the webhook dispatcher and ${d.notifierPausedMs === null ? 'the notifier' : 'both notifiers'} amid courier hand-overs and SMS`,
    witness: 'Uber deliveries being created and SMS on their way to Twilio when killed',
    kind: 'kill',
    mustStayReady: false,
    offsetMs: () => 0,
    run: async ({ running, durations, uberFront, twilioFront, restart }) => {
      // Uber and Twilio slow to answer: hand-overs and SMS stay in flight long enough to be cut.
      await Promise.all([uberFront.set('slow'), twilioFront.set('slow')]);
      const creating = () => uberFront.pending().filter((call) => call.method === 'POST' && call.path.endsWith('/deliveries')).length;
      const texting = () => twilioFront.pending().filter((call) => call.method === 'POST' && call.path.endsWith('/Messages.json')).length;
      // After an outage Uber's lane may be backing off (30 s at most) before its next hand-over.
      await until(() => creating() > 0 && texting() > 0, 90_000, 20);
      const [cut, cutSms] = [creating(), texting()];
      // Both notifiers at once, where there are two: their group holds only killed members until their sessions end.
      const killed: Instance[] = [
        'order-lifecycle',
        'webhook-dispatcher',
        ...(durations.notifierPausedMs === null ? (['notifier'] as const) : (['notifier', 'notifier#2'] as const)),
      ];
      await Promise.all(killed.map((instance) => running.kill(instance)));
      await Promise.all([uberFront.set('up'), twilioFront.set('up')]);
      const restarted = await restart(killed);
      return {
        note: `${cut} Uber deliveries being created and ${cutSms} SMS on their way to Twilio when killed; all ready again in ${restarted} s`,
        witnessed: cut > 0 && cutSms > 0,
      };
    },
  },
  {
    name: () => 'kill -9 of the second order-lifecycle amid Create Orders',
    witness: 'Create Orders in flight when killed',
    kind: 'kill',
    mustStayReady: false,
    offsetMs: () => 0,
    run: async ({ running, load, restart }) => {
      load.burst(20);
      await until(() => load.inFlight() > 0, 10_000, 5);
      const cut = load.inFlight();
      await running.kill('order-lifecycle#2');
      const restarted = await restart(['order-lifecycle#2']);
      return { note: `${cut} Create Orders in flight when killed; ready again in ${restarted} s`, witnessed: cut > 0 };
    },
  },
];
