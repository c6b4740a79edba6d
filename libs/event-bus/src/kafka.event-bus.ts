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

export interface KafkaEventBusOptions {
  brokers: readonly string[];
  clientId: string;
  /** How long a request to the broker may take before it counts as failed. */
  requestTimeoutMs?: number;
  /** A consumer silent this long leaves its group; the group rebalances no sooner. */
  sessionTimeoutMs?: number;
}

/**
 * The event bus on Kafka. The producer is not idempotent: kafkajs's idempotent producer
 * needs broker features that not every Kafka-protocol broker offers, and duplicates are
 * already handled by consumers deduplicating on the envelope id.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private producer: Promise<Producer> | null = null;
  private readonly consumers = new Set<Consumer>();
  private admin: Admin | null = null;
  private readonly sessionTimeoutMs: number;

  constructor(options: KafkaEventBusOptions) {
    this.sessionTimeoutMs = options.sessionTimeoutMs ?? 30_000;
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
    const consumer = this.kafka.consumer({
      groupId: options.groupId,
      sessionTimeout: this.sessionTimeoutMs,
      rebalanceTimeout: this.sessionTimeoutMs,
      heartbeatInterval: Math.max(100, Math.floor(this.sessionTimeoutMs / 10)),
      retry: { retries: 5, initialRetryTime: 100 },
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
        for (let start = 0; start < messages.length && isRunning() && !isStale(); start += options.maxBatch) {
          const slice = messages.slice(start, start + options.maxBatch);
          await handler(slice);
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
