import { Kafka, logLevel } from 'kafkajs';
// For its fix of kafkajs's request queue, whose idle connections spin a 1 ms timer (tulios/kafkajs#1556; a timer set to minus
// the time of day, which Node warns of): this log's consumer runs in the test's process, beside the apps it watches.
import '@delivery/event-bus/kafka';

/** One message as read off a topic: where it sat, and the event it carries (null when not JSON). */
export interface LoggedMessage {
  topic: string;
  partition: number;
  offset: string;
  event: LoggedEvent | null;
}
export interface LoggedEvent {
  id: string;
  type: string;
  subject: string;
  occurredAt: string;
  /** An order event's task; a notification event's message, moment, channel and (when it failed) status. */
  data?: { task?: { revision?: number | null }; messageId?: string; moment?: string; channel?: string; status?: string };
}

/**
 * Everything on the topics, from the beginning, as an analyst's consumer reads it: a group of
 * its own, so it takes every partition. Kept in memory for the checker; what the broker
 * still holds is compared with what was read before the log is trusted.
 */
export async function startTopicLog(brokers: string[], topics: readonly string[]) {
  const kafka = new Kafka({ clientId: 'fault-checker', brokers, logLevel: logLevel.NOTHING, retry: { retries: 8 } });
  const consumer = kafka.consumer({ groupId: `fault-checker-${process.pid}-${Date.now()}`, sessionTimeout: 10_000 });
  const admin = kafka.admin();
  const messages: LoggedMessage[] = [];
  /** Next offset to read, per `topic/partition`. */
  const next = new Map<string, bigint>();
  await Promise.all([consumer.connect(), admin.connect()]);
  await consumer.subscribe({ topics: [...topics], fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ topic, partition, message }) => {
      let event: LoggedEvent | null = null;
      try {
        event = JSON.parse(message.value?.toString() ?? '') as LoggedEvent;
      } catch {
        event = null;
      }
      messages.push({ topic, partition, offset: message.offset, event });
      next.set(`${topic}/${partition}`, BigInt(message.offset) + 1n);
    },
  });

  /** Per partition, what the broker holds (its low and high watermarks) against what was read. */
  const positions = async () =>
    (
      await Promise.all(
        topics.map(async (topic) =>
          (await admin.fetchTopicOffsets(topic)).map((p) => ({
            topic,
            partition: p.partition,
            low: BigInt(p.low),
            high: BigInt(p.high),
            read: next.get(`${topic}/${p.partition}`) ?? 0n,
          })),
        ),
      )
    ).flat();

  return {
    messages,
    /** Whether every message the broker holds now has been read. */
    caughtUp: async () => (await positions()).every((p) => p.read >= p.high),
    /** Partitions whose oldest messages the broker dropped (the mock keeps a few MiB each): the log would be missing them. */
    truncated: async () => (await positions()).filter((p) => p.low > 0n).map((p) => `${p.topic}/${p.partition} from ${p.low}`),
    stop: async () => {
      await consumer.disconnect();
      await admin.disconnect();
    },
  };
}

export type TopicLog = Awaited<ReturnType<typeof startTopicLog>>;
