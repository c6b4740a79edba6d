import { EventEmitter } from 'node:events';
import { type EmbeddedStore, type EmbeddedTable, openRecordTable } from '@delivery/embedded-store';
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

type LogKey = [topic: string, sequence: number];

/**
 * What one read of the log takes at most, as a Kafka fetch of a partition does (kafkajs's
 * `maxBytesPerPartition`, 1 MiB), counted in the values' characters.
 */
const FETCH_MAX_BYTES = 1024 * 1024;
type OffsetKey = [groupId: string, topic: string];

interface EmbeddedEventBusOptions {
  /** How often a subscription looks for messages written by another process. */
  pollIntervalMs?: number;
  /** What a failing handler gets: retries, then the dead-letter topic (as on Kafka). */
  handling?: Partial<HandlingPolicy>;
}

/**
 * The event bus on the embedded LMDB store: one durable, ordered log per topic (a single
 * partition) and one committed offset per consumer group, so nothing published is lost
 * across a restart. A group has one consumer at a time in this process.
 */
export class EmbeddedEventBus implements EventBus {
  private readonly log: EmbeddedTable<OutgoingMessage, LogKey>;
  private readonly heads: EmbeddedTable<number, string>;
  private readonly offsets: EmbeddedTable<number, OffsetKey>;
  private readonly published = new EventEmitter().setMaxListeners(0);
  private readonly running = new Map<string, { stop(): Promise<void> }>();
  private readonly pollIntervalMs: number;
  private readonly handling: HandlingPolicy;

  constructor(store: EmbeddedStore, options: EmbeddedEventBusOptions = {}) {
    this.log = openRecordTable<OutgoingMessage, LogKey>(store, 'bus-log');
    this.heads = store.openDB<number, string>({ name: 'bus-heads' });
    this.offsets = store.openDB<number, OffsetKey>({ name: 'bus-offsets' });
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    this.handling = { ...DEFAULT_HANDLING, ...options.handling };
  }

  async publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.log.transaction(() => {
      let head = this.heads.get(topic) ?? 0;
      for (const { key, value, headers } of messages) this.log.put([topic, ++head], { key, value, headers: headers ?? {} });
      this.heads.put(topic, head);
    });
    this.published.emit(topic);
  }

  async subscribe(options: SubscriptionOptions, handler: MessageHandler): Promise<Subscription> {
    return this.subscribeBatches({ ...options, maxBatch: 1 }, (messages) => handler(messages[0]!));
  }

  async subscribeBatches(options: SubscriptionOptions & { maxBatch: number }, handler: BatchHandler): Promise<Subscription> {
    if (this.running.has(options.groupId)) {
      throw new Error(`consumer group ${options.groupId} already has a consumer in this process`);
    }
    for (const topic of options.topics) {
      const key: OffsetKey = [options.groupId, topic];
      if (this.offsets.get(key) === undefined) {
        await this.offsets.put(key, options.fromBeginning ? 1 : (this.heads.get(topic) ?? 0) + 1);
      }
    }
    const loops = options.topics.map((topic) => this.consume(options.groupId, topic, options.maxBatch, handler, options.onLag));
    const subscription = {
      stop: async () => {
        this.running.delete(options.groupId);
        await Promise.all(loops.map((loop) => loop.stop()));
      },
    };
    this.running.set(options.groupId, subscription);
    return subscription;
  }

  /** The log's messages of a topic from `sequence` on, up to a fetch's size (one at least). */
  private fetch(topic: string, sequence: number) {
    const entries = [];
    let bytes = 0;
    for (const entry of this.log.getRange({ start: [topic, sequence], end: [topic, Number.MAX_SAFE_INTEGER] })) {
      bytes += entry.value.value.length;
      if (entries.length > 0 && bytes > FETCH_MAX_BYTES) break;
      entries.push(entry);
    }
    return entries;
  }

  /** Its subscriptions poll the local log in this process: nothing to be stuck out of. */
  async live(): Promise<void> {}

  async reachable(): Promise<void> {
    this.heads.get('');
  }

  async close(): Promise<void> {
    await Promise.all([...this.running.values()].map((subscription) => subscription.stop()));
  }

  private consume(
    groupId: string,
    topic: string,
    maxBatch: number,
    handler: BatchHandler,
    onLag: SubscriptionOptions['onLag'],
  ): { stop(): Promise<void> } {
    let stopped = false;
    let wake: (() => void) | null = null;
    const onPublish = () => wake?.();
    this.published.on(topic, onPublish);
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });

    const pause = async (ms: number) => {
      await sleep(ms);
      if (stopped) throw new SubscriptionStopped('the subscription stopped');
    };
    const deadLetter = (message: IncomingMessage, error: unknown) =>
      this.publish(this.handling.deadLetterTopic, [deadLetterOf(message, error)]);

    const loop = (async () => {
      while (!stopped) {
        const next = this.offsets.get([groupId, topic]) ?? 1;
        const entries = this.fetch(topic, next);
        if (entries.length === 0) {
          await sleep(this.pollIntervalMs);
          continue;
        }
        const messages: IncomingMessage[] = entries.map(({ key: [, sequence], value }) => ({
          topic,
          partition: 0,
          offset: String(sequence),
          key: value.key,
          value: value.value,
          headers: value.headers ?? {},
        }));
        onLag?.(topic, (this.heads.get(topic) ?? 0) - entries[entries.length - 1]!.key[1]);
        // As on Kafka: slices of `maxBatch`, and one commit past those handled once the fetch is done or the subscription stops.
        let handled = 0;
        try {
          for (; handled < messages.length && !stopped; handled += maxBatch) {
            await handlePatiently(messages.slice(handled, handled + maxBatch), handler, { policy: this.handling, pause, deadLetter });
          }
        } catch {
          // Stopped while waiting to try again: that slice is left for the next start.
        }
        if (handled > 0) await this.offsets.put([groupId, topic], entries[Math.min(handled, entries.length) - 1]!.key[1] + 1);
      }
    })();

    return {
      stop: async () => {
        stopped = true;
        this.published.off(topic, onPublish);
        wake?.();
        await loop;
      },
    };
  }
}
