import type { BatchHandler, IncomingMessage, OutgoingMessage } from './event-bus';

/**
 * How a subscription treats a handler that fails: the batch is tried `tries` times, with
 * pauses doubling from `firstDelayMs` to `maxDelayMs`; then each message alone as often,
 * and one that still fails goes to `deadLetterTopic`, so one bad message cannot stop its
 * partition for good (nor crash the consumer into a rebalancing loop).
 */
export interface HandlingPolicy {
  tries: number;
  firstDelayMs: number;
  maxDelayMs: number;
  deadLetterTopic: string;
  /** Told of each message sent to the dead-letter topic: for a log line and a metric. */
  onDeadLetter?: (message: IncomingMessage, error: unknown) => void;
}

/** Eight tries a batch, pauses of 1 s doubling to 30 s: about two and a half minutes before a message is given up. */
export const DEFAULT_HANDLING: HandlingPolicy = {
  tries: 8,
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  deadLetterTopic: 'delivery.dead-letters.v1',
};

/** The dead letter of a message: its key and value as they came, and headers saying where from and why. */
export function deadLetterOf(message: IncomingMessage, error: unknown): OutgoingMessage {
  return {
    key: message.key,
    value: message.value,
    headers: {
      ...message.headers,
      'x-dead-letter-from': `${message.topic}/${message.partition}/${message.offset}`,
      'x-dead-letter-error': String((error as Error)?.message ?? error).slice(0, 500),
    },
  };
}

/** What `pause` rejects with when the subscription stops or loses the partition: nothing is committed, nothing is wrong. */
export class SubscriptionStopped extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'SubscriptionStopped';
  }
}

export interface PatientHandling {
  policy: HandlingPolicy;
  /** Waits between tries; rejects with SubscriptionStopped when the subscription stops, so nothing is committed. */
  pause(ms: number): Promise<void>;
  deadLetter(message: IncomingMessage, error: unknown): Promise<void>;
}

async function tried(handle: () => Promise<void>, { policy, pause }: PatientHandling): Promise<unknown> {
  let delay = policy.firstDelayMs;
  let failure: unknown;
  for (let attempt = 1; attempt <= policy.tries; attempt += 1) {
    try {
      await handle();
      return undefined;
    } catch (error) {
      failure = error ?? new Error('the handler failed');
    }
    if (attempt < policy.tries) {
      await pause(delay);
      delay = Math.min(delay * 2, policy.maxDelayMs);
    }
  }
  return failure;
}

/** Resolves once every message is handled or dead-lettered: the offset may then move past them all. */
export async function handlePatiently(messages: IncomingMessage[], handler: BatchHandler, handling: PatientHandling): Promise<void> {
  const batchFailure = await tried(() => handler(messages), handling);
  if (batchFailure === undefined) return;
  for (const message of messages) {
    // A batch of one has been tried alone already.
    const failure = messages.length === 1 ? batchFailure : await tried(() => handler([message]), handling);
    if (failure === undefined) continue;
    await handling.deadLetter(message, failure);
    handling.policy.onDeadLetter?.(message, failure);
  }
}
