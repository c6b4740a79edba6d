import { Kafka, logLevel, Partitioners, type Admin, type Consumer, type Producer } from 'kafkajs';
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

export interface KafkaEventBusOptions {
  brokers: readonly string[];
  clientId: string;
  /** How long a request to the broker may take before it counts as failed. */
  requestTimeoutMs?: number;
  /** A consumer silent this long leaves its group; the group rebalances no sooner. */
  sessionTimeoutMs?: number;
  /** What a failing handler gets: retries, then the dead-letter topic. */
  handling?: Partial<HandlingPolicy>;
  /**
   * Whether the producer is idempotent (a producer id and sequence numbers, so a retried
   * send is written once): on by default; off only for a broker without it.
   */
  idempotentProducer?: boolean;
}

/**
 * The event bus on Kafka. The producer is idempotent where the broker allows it (Kafka
 * 0.11 and later, and librdkafka's mock cluster), so a send retried after a lost answer is
 * not written twice; consumers still dedupe on the envelope id after a relay's crash.
 * A consumer that crashes for good makes `reachable` fail, so readiness says so.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private producer: Promise<Producer> | null = null;
  private readonly consumers = new Set<Consumer>();
  private admin: Admin | null = null;
  private readonly sessionTimeoutMs: number;
  private readonly handling: HandlingPolicy;
  private readonly idempotentProducer: boolean;
  /** Why a consumer stopped for good, if one did. */
  private crashed: Error | null = null;

  constructor(options: KafkaEventBusOptions) {
    this.sessionTimeoutMs = options.sessionTimeoutMs ?? 30_000;
    this.handling = { ...DEFAULT_HANDLING, ...options.handling };
    this.idempotentProducer = options.idempotentProducer ?? true;
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: [...options.brokers],
      logLevel: logLevel.ERROR,
      requestTimeout: options.requestTimeoutMs ?? 10_000,
      connectionTimeout: 3_000,
      retry: { retries: 3, initialRetryTime: 200 },
    });
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
   * Hands each fetched batch over in slices of `maxBatch`, committing past a slice once
   * its handler resolves; a failing handler leaves the rest to be fetched again.
   */
  async subscribeBatches(options: SubscriptionOptions & { maxBatch: number }, handler: BatchHandler): Promise<Subscription> {
    const heartbeatInterval = Math.max(100, Math.floor(this.sessionTimeoutMs / 10));
    const consumer = this.kafka.consumer({
      groupId: options.groupId,
      sessionTimeout: this.sessionTimeoutMs,
      rebalanceTimeout: this.sessionTimeoutMs,
      heartbeatInterval,
      retry: { retries: 5, initialRetryTime: 100 },
    });
    // kafkajs restarts a consumer after a retriable crash; one it gives up on stops consuming for good.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) this.crashed = payload.error;
    });
    await consumer.connect();
    this.consumers.add(consumer);
    await consumer.subscribe({ topics: [...options.topics], fromBeginning: options.fromBeginning ?? false });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, heartbeat, isRunning, isStale, resolveOffset }) => {
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
        const pause = async (ms: number) => {
          await new Promise((resolve) => setTimeout(resolve, ms));
          if (!isRunning() || isStale()) throw new SubscriptionStopped('the partition was taken away while waiting to try again');
        };
        const deadLetter = (message: IncomingMessage, error: unknown) =>
          this.publish(this.handling.deadLetterTopic, [deadLetterOf(message, error)]);
        for (let start = 0; start < messages.length && isRunning() && !isStale(); start += options.maxBatch) {
          const slice = messages.slice(start, start + options.maxBatch);
          // The group hears from this consumer while a long slice or its retries are under way.
          const beating = setInterval(() => void heartbeat().catch(() => undefined), heartbeatInterval);
          try {
            await handlePatiently(slice, handler, { policy: this.handling, pause, deadLetter });
          } catch (error) {
            // Stopping or rebalancing: the slice is left uncommitted for whoever takes the partition.
            if (error instanceof SubscriptionStopped) return;
            throw error;
          } finally {
            clearInterval(beating);
          }
          const last = slice[slice.length - 1]!.offset;
          resolveOffset(last);
          await consumer.commitOffsets([{ topic, partition, offset: (BigInt(last) + 1n).toString() }]);
          await heartbeat();
        }
      },
    });
    return {
      stop: async () => {
        this.consumers.delete(consumer);
        await consumer.disconnect();
      },
    };
  }

  /** Asks a broker for the cluster's metadata over a connection kept for it. */
  async reachable(): Promise<void> {
    if (this.crashed) throw new Error(`a consumer stopped for good: ${this.crashed.message}`);
    this.admin ??= this.kafka.admin();
    await this.admin.connect();
    await this.admin.describeCluster();
  }

  async close(): Promise<void> {
    await this.admin?.disconnect();
    this.admin = null;
    await Promise.all([...this.consumers].map((consumer) => consumer.disconnect()));
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
