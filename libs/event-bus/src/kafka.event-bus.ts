import { Kafka, logLevel, Partitioners, type Admin, type Consumer, type EachBatchPayload, type Producer } from 'kafkajs';
import type {
  BatchHandler,
  EventBus,
  IncomingMessage,
  MessageHandler,
  OutgoingMessage,
  Subscription,
  SubscriptionOptions,
} from './event-bus';
import { DEFAULT_HANDLING, deadLetterOf, handlePatiently, SubscriptionStopped, type HandlingPolicy } from './patient-handler';
import './kafkajs-request-queue';

export interface KafkaEventBusOptions {
  brokers: readonly string[];
  clientId: string;
  /** A consumer silent this long leaves its group; the group rebalances no sooner. */
  sessionTimeoutMs?: number;
  /** What a failing handler gets: retries, then the dead-letter topic. */
  handling?: Partial<HandlingPolicy>;
  /**
   * Whether the producer is idempotent (a producer id and sequence numbers, so a retried
   * send is written once): on by default; off only for a broker without it.
   */
  idempotentProducer?: boolean;
  /** How long a subscription may stay out of its group before `live` says the process is wedged. */
  wedgedAfterMs?: number;
}

/** A subscription's current consumer: replaced when kafkajs gives up on one. */
interface RunningSubscription {
  consumer: Consumer | null;
  stopped: boolean;
  restartTimer: NodeJS.Timeout | null;
  /** Restarts since it was last in its group: each waits twice as long, up to the cap. */
  restarts: number;
}
/** How long one request to the broker may take before it counts as failed. */
const REQUEST_TIMEOUT_MS = 4_000;
/**
 * A consumer's requests wait longer than its session: the coordinator holds a SyncGroup until
 * the group's leader has sent its assignment, or the leader's session runs out. Timed out
 * sooner, kafkajs restarts the consumer as a new member and leaves the old one in the group
 * until its session ends; two replicas doing so in turn kept a group rebalancing for minutes
 * (the fault suite, both notifiers killed at once). The Java consumer's request timeout, 30 s,
 * outlasts its own SyncGroup the same way.
 */
const CONSUMER_REQUEST_TIMEOUT_BEYOND_SESSION_MS = 5_000;

/**
 * The producer's retries, the same with and without idempotence: kafkajs retries an
 * idempotent producer's send without limit unless told, which hung the relay's drain past its
 * lease while the broker refused (NOT_ENOUGH_REPLICAS).
 */
const PRODUCER_RETRY = { retries: 2, initialRetryTime: 200, maxRetryTime: 1_000 };

/**
 * The longest one `publish` can take before it fails: every try's request timing out, and
 * the pauses between them (at most 200 + 400 ms): 12.6 s. The outbox relay's lead (20 s)
 * outlasts it with its send bound (15 s).
 */
export const MAX_SEND_MS = (PRODUCER_RETRY.retries + 1) * REQUEST_TIMEOUT_MS + 600;

/** The longest a fetch waits for new messages (the Java consumer's `fetch.max.wait.ms` default). */
const FETCH_MAX_WAIT_MS = 500;
const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/**
 * How long a stop waits for a consumer to leave its group once its handler's batches are done.
 * A consumer caught in a rebalance (its JoinGroup held by the coordinator until every member
 * rejoins, up to the session) would hold the stop that long: measured 11 s for a dispatcher
 * stopped just after its other replica joined. Past this it is left to leave by itself (kafkajs
 * stops it once the join returns), or the broker ends its membership at its session timeout.
 */
const CONSUMER_LEAVE_MS = 1_000;

/**
 * The event bus on Kafka. The producer is idempotent where the broker allows it (Kafka
 * 0.11 and later; kafkajs's cannot start against librdkafka's mock cluster, so tests turn it
 * off and run every other setting as production does), so a send retried after a lost
 * answer is not written twice, and a send fails within `MAX_SEND_MS`; consumers still dedupe
 * on the envelope id after a relay's crash. A crashed consumer makes `reachable` fail, so
 * readiness says so, until it is back in its group.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  /** The consumers' client: the same, but each request may wait past a session (`CONSUMER_REQUEST_TIMEOUT_BEYOND_SESSION_MS`). */
  private readonly consumerKafka: Kafka;
  private producer: Promise<Producer> | null = null;
  private readonly consumers = new Set<Consumer>();
  /** Each consumer's handler batches under way: a stop waits for them, not for a rebalance. */
  private readonly batches = new WeakMap<Consumer, Set<Promise<unknown>>>();
  private readonly subscriptions = new Set<RunningSubscription>();
  private admin: Admin | null = null;
  private readonly sessionTimeoutMs: number;
  private readonly handling: HandlingPolicy;
  private readonly idempotentProducer: boolean;
  /** Why each subscription whose consumer crashed is not consuming, until it is back in its group. */
  private readonly crashes = new Map<RunningSubscription, Error>();
  /** Since when each crashed subscription has been out of its group (kept across its restarts until it is back). */
  private readonly outSince = new Map<RunningSubscription, number>();
  private readonly wedgedAfterMs: number;

  constructor(options: KafkaEventBusOptions) {
    this.sessionTimeoutMs = options.sessionTimeoutMs ?? 30_000;
    this.handling = { ...DEFAULT_HANDLING, ...options.handling };
    this.idempotentProducer = options.idempotentProducer ?? true;
    this.wedgedAfterMs = options.wedgedAfterMs ?? 5 * 60_000;
    const client = (requestTimeout: number) =>
      new Kafka({
        clientId: options.clientId,
        brokers: [...options.brokers],
        logLevel: logLevel.ERROR,
        requestTimeout,
        connectionTimeout: 3_000,
        retry: { retries: 3, initialRetryTime: 200 },
      });
    this.kafka = client(REQUEST_TIMEOUT_MS);
    this.consumerKafka = client(this.sessionTimeoutMs + CONSUMER_REQUEST_TIMEOUT_BEYOND_SESSION_MS);
  }

  async publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const producer = await this.connectedProducer();
    await producer.send({
      topic,
      acks: -1,
      messages: messages.map((m) => ({ key: m.key, value: m.value, headers: m.headers ? { ...m.headers } : undefined })),
    });
  }

  async subscribe(options: SubscriptionOptions, handler: MessageHandler): Promise<Subscription> {
    return this.subscribeBatches({ ...options, maxBatch: 1 }, async (messages) => {
      for (const message of messages) await handler(message);
    });
  }

  /**
   * Hands each fetched batch over in slices of `maxBatch`, and commits past the slices
   * handled once the batch is done or ends early: one commit per fetch, not per slice (a
   * commit is a request to the broker, and `subscribe`'s slices are single messages). A
   * failing handler leaves its slice and the rest to be fetched again. A consumer
   * that crashes makes `reachable` fail until it is back in its group: kafkajs restarts it
   * after a retriable error, and one kafkajs gives up on is replaced here, after a pause.
   */
  async subscribeBatches(options: SubscriptionOptions & { maxBatch: number }, handler: BatchHandler): Promise<Subscription> {
    const subscription: RunningSubscription = { consumer: null, stopped: false, restartTimer: null, restarts: 0 };
    this.subscriptions.add(subscription);
    const begin = async () => {
      const consumer = await this.runConsumer(options, handler, {
        stopped: () => subscription.stopped,
        crashed: (error, restarting) => {
          this.crashes.set(subscription, error);
          if (!this.outSince.has(subscription)) this.outSince.set(subscription, Date.now());
          if (!restarting) scheduleRestart();
        },
        joined: () => {
          this.crashes.delete(subscription);
          this.outSince.delete(subscription);
          subscription.restarts = 0;
        },
      });
      // Stopped while it was starting: it must not run on, unseen.
      if (subscription.stopped) {
        this.consumers.delete(consumer);
        await consumer.disconnect();
      } else subscription.consumer = consumer;
    };
    const scheduleRestart = () => {
      if (subscription.stopped) return;
      const delay = Math.min(RESTART_DELAY_MS * 2 ** subscription.restarts, MAX_RESTART_DELAY_MS);
      subscription.restarts += 1;
      subscription.restartTimer = setTimeout(() => {
        const previous = subscription.consumer;
        subscription.consumer = null;
        if (previous) this.consumers.delete(previous);
        void (previous?.disconnect() ?? Promise.resolve())
          .catch(() => undefined)
          .then(() => (subscription.stopped ? undefined : begin()))
          .catch((error: unknown) => {
            this.crashes.set(subscription, error instanceof Error ? error : new Error(String(error)));
            scheduleRestart();
          });
      }, delay);
    };
    await begin().catch((error: unknown) => {
      // A broker down at the start: the subscription begins once it is back, as after a crash,
      // and the process serves meanwhile (its outbox keeps what it publishes).
      this.crashes.set(subscription, error instanceof Error ? error : new Error(String(error)));
      this.outSince.set(subscription, Date.now());
      scheduleRestart();
    });
    return {
      stop: async () => {
        subscription.stopped = true;
        if (subscription.restartTimer) clearTimeout(subscription.restartTimer);
        this.subscriptions.delete(subscription);
        this.crashes.delete(subscription);
        this.outSince.delete(subscription);
        const consumer = subscription.consumer;
        if (!consumer) return;
        this.consumers.delete(consumer);
        await this.disconnect(consumer);
      },
    };
  }

  private async runConsumer(
    options: SubscriptionOptions & { maxBatch: number },
    handler: BatchHandler,
    on: { stopped(): boolean; crashed(error: Error, restarting: boolean): void; joined(): void },
  ): Promise<Consumer> {
    const heartbeatInterval = Math.max(100, Math.floor(this.sessionTimeoutMs / 10));
    const consumer = this.consumerKafka.consumer({
      groupId: options.groupId,
      sessionTimeout: this.sessionTimeoutMs,
      rebalanceTimeout: this.sessionTimeoutMs,
      heartbeatInterval,
      // How long a fetch waits on a partition with nothing new: kafkajs's 5 s would hold an
      // event that arrives meanwhile (a broker may answer only when the wait ends); the Java
      // consumer's 500 ms keeps an event's way to its webhook short.
      maxWaitTimeInMs: FETCH_MAX_WAIT_MS,
      // kafkajs restarts a crashed consumer on its own, and a restart under way when it is
      // disconnected goes on (kafkajs#852): a stopped subscription's consumer is not restarted,
      // and one that joins its group all the same is disconnected.
      retry: { retries: 5, initialRetryTime: 100, restartOnFailure: async () => !on.stopped() },
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => on.crashed(payload.error, payload.restart));
    consumer.on(consumer.events.GROUP_JOIN, () => (on.stopped() ? void consumer.disconnect().catch(() => undefined) : on.joined()));
    await consumer.connect();
    this.consumers.add(consumer);
    const batches = new Set<Promise<unknown>>();
    this.batches.set(consumer, batches);
    await consumer.subscribe({ topics: [...options.topics], fromBeginning: options.fromBeginning ?? false });
    const handleBatch = async ({ batch, commitOffsetsIfNecessary, heartbeat, isRunning, isStale, resolveOffset }: EachBatchPayload) => {
      const { topic, partition } = batch;
      const messages: IncomingMessage[] = batch.messages.map((message) => ({
        topic,
        partition,
        offset: message.offset,
        key: message.key?.toString() ?? '',
        value: message.value?.toString() ?? '',
        headers: Object.fromEntries(
          Object.entries(message.headers ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [[name, value.toString()]])),
        ),
      }));
      options.onLag?.(topic, Number(batch.offsetLag()));
      // A pause heartbeats as it goes, and ends as soon as the group rebalances: a retry that
      // may last an outage never holds the group up for longer than a heartbeat.
      const pause = async (ms: number) => {
        const until = Date.now() + ms;
        while (Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(heartbeatInterval, until - Date.now())));
          if (!isRunning() || isStale()) throw new SubscriptionStopped('the partition was taken away while waiting to try again');
          await heartbeat().catch((error: unknown) => {
            throw new SubscriptionStopped(`the group is rebalancing: ${(error as Error)?.message ?? error}`);
          });
        }
      };
      const deadLetter = (message: IncomingMessage, error: unknown) =>
        this.publish(this.handling.deadLetterTopic, [deadLetterOf(message, error)]);
      let handled: string | null = null;
      // Past the last handled message; a partition taken away meanwhile is its new owner's to commit.
      // The batch's own commit, unlike `consumer.commitOffsets`, still commits while the consumer stops.
      const commitHandled = async () => {
        if (handled === null || isStale()) return;
        const offset = (BigInt(handled) + 1n).toString();
        await commitOffsetsIfNecessary({ topics: [{ topic, partitions: [{ partition, offset }] }] });
      };
      for (let start = 0; start < messages.length && isRunning() && !isStale(); start += options.maxBatch) {
        const slice = messages.slice(start, start + options.maxBatch);
        // The group hears from this consumer while a long slice or its retries are under way.
        const beating = setInterval(() => void heartbeat().catch(() => undefined), heartbeatInterval);
        try {
          await handlePatiently(slice, handler, { policy: this.handling, pause, deadLetter });
        } catch (error) {
          // The slices before it are done: they are not handed over again. This one is left
          // for whoever takes the partition (stopping, rebalancing) or for the next fetch.
          await commitHandled().catch(() => undefined);
          if (error instanceof SubscriptionStopped) return;
          throw error;
        } finally {
          clearInterval(beating);
        }
        handled = slice[slice.length - 1]!.offset;
        resolveOffset(handled);
        await heartbeat();
      }
      await commitHandled();
    };
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: (payload) => {
        const handling = handleBatch(payload);
        batches.add(handling);
        return handling.finally(() => batches.delete(handling));
      },
    });
    return consumer;
  }

  /** Disconnects a consumer: what its handler is doing ends first; its leaving, at most CONSUMER_LEAVE_MS after. */
  private async disconnect(consumer: Consumer): Promise<void> {
    const leaving = consumer.disconnect().catch(() => undefined);
    await Promise.all([...(this.batches.get(consumer) ?? [])].map((batch) => batch.catch(() => undefined)));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([leaving, new Promise((resolve) => (timer = setTimeout(resolve, CONSUMER_LEAVE_MS)))]);
    clearTimeout(timer);
  }

  /**
   * Rejects once a subscription has been out of its group for `wedgedAfterMs` (5 minutes),
   * its restarts here not bringing it back: the process is then restarted by its liveness
   * probe, which a consumer crashed for a moment never causes.
   */
  async live(): Promise<void> {
    const now = Date.now();
    for (const [subscription, since] of this.outSince) {
      if (now - since >= this.wedgedAfterMs) {
        throw new Error(
          `a consumer has been out of its group for ${Math.round((now - since) / 1000)} s: ${this.crashes.get(subscription)?.message}`,
        );
      }
    }
  }

  /** Asks a broker for the cluster's metadata over a connection kept for it. */
  async reachable(): Promise<void> {
    const [crash] = this.crashes.values();
    if (crash) throw new Error(`a consumer crashed and is not back in its group: ${crash.message}`);
    this.admin ??= this.kafka.admin();
    await this.admin.connect();
    await this.admin.describeCluster();
  }

  async close(): Promise<void> {
    for (const subscription of this.subscriptions) {
      subscription.stopped = true;
      if (subscription.restartTimer) clearTimeout(subscription.restartTimer);
    }
    this.subscriptions.clear();
    await this.admin?.disconnect();
    this.admin = null;
    await Promise.all([...this.consumers].map((consumer) => this.disconnect(consumer)));
    this.consumers.clear();
    if (this.producer) {
      const producer = await this.producer.catch(() => null);
      this.producer = null;
      await producer?.disconnect();
    }
  }

  private connectedProducer(): Promise<Producer> {
    if (!this.producer) {
      const producer = this.kafka.producer({
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
        retry: PRODUCER_RETRY,
        // kafkajs keeps an idempotent producer's order with one request in flight.
        ...(this.idempotentProducer && { idempotent: true, maxInFlightRequests: 1 }),
      });
      this.producer = producer.connect().then(
        () => producer,
        (error: unknown) => {
          this.producer = null;
          throw error;
        },
      );
    }
    return this.producer;
  }
}
