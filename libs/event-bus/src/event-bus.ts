export interface OutgoingMessage {
  /** Partitioning key: messages with one key keep their order. */
  key: string;
  value: string;
  /** Travel beside the value (Kafka headers): the request id that caused the event. */
  headers?: Readonly<Record<string, string>>;
}

export interface IncomingMessage {
  topic: string;
  partition: number;
  offset: string;
  key: string;
  value: string;
  headers: Readonly<Record<string, string>>;
}

/**
 * What a consumer reads of a message: its topic and value, with its position and headers (the
 * request id as `x-request-id`, the trace as `traceparent`) where the bus gives them.
 */
export type ConsumedMessage = Pick<IncomingMessage, 'topic' | 'value'> & Partial<Pick<IncomingMessage, 'offset' | 'headers'>>;

export interface SubscriptionOptions {
  groupId: string;
  topics: readonly string[];
  /** Where a group with no committed offset starts. */
  fromBeginning?: boolean;
  /** Told, at each batch, how many messages of the topic the group has still to take. */
  onLag?: (topic: string, messages: number) => void;
}

export type MessageHandler = (message: IncomingMessage) => Promise<void>;
/** Messages of one partition, in order; the offset moves past them all once it resolves. */
export type BatchHandler = (messages: IncomingMessage[]) => Promise<void>;

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * Publish/subscribe with at-least-once delivery. `publish` resolves once the bus has
 * durably accepted every message. A subscription's offset is committed only after the
 * handler resolves, so a crash or a failing handler re-delivers instead of dropping.
 */
export interface EventBus {
  publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void>;
  subscribe(options: SubscriptionOptions, handler: MessageHandler): Promise<Subscription>;
  /** As `subscribe`, for consumers that store a batch in one write: what has arrived, up to `maxBatch` at a time. */
  subscribeBatches(options: SubscriptionOptions & { maxBatch: number }, handler: BatchHandler): Promise<Subscription>;
  /** For readiness: resolves when the bus answers (a broker's metadata, or the local log). */
  reachable(): Promise<void>;
  /** For liveness: rejects when a subscription is stuck out of its group beyond what its own restarts mend. */
  live(): Promise<void>;
  close(): Promise<void>;
}
