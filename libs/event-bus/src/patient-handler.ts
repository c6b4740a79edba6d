import type { BatchHandler, IncomingMessage, OutgoingMessage } from './event-bus';

/**
 * How a subscription treats a handler that fails. A failure of what the handler reaches (its
 * store, a network, the broker) is tried again without limit, with pauses doubling from
 * `firstDelayMs` to `maxDelayMs`: an outage delays the partition's messages, in order, and
 * drops none. A message the handler says it can never handle (`UnhandleableMessage`) is
 * tried `tries` times, its batch first and then alone, and goes to `deadLetterTopic`, so it
 * cannot stop its partition for good.
 */
export interface HandlingPolicy {
  tries: number;
  firstDelayMs: number;
  maxDelayMs: number;
  deadLetterTopic: string;
  /** Told of each message sent to the dead-letter topic: for a log line and a metric. */
  onDeadLetter?: (message: IncomingMessage, error: unknown) => void;
}

/** Pauses of 1 s doubling to 30 s; eight tries of a message that can never be handled before it is given up. */
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

/**
 * What a handler throws for a message it can never handle, whatever is tried again (not a
 * failure of its store or a network): only such a message goes to the dead-letter topic.
 */
export class UnhandleableMessage extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'UnhandleableMessage';
  }
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

/**
 * Tries until the handler succeeds, or has thrown `UnhandleableMessage` `tries` times: that
 * failure is answered. Any other failure is tried again for as long as it lasts (`pause`
 * ends it when the subscription stops or loses the partition).
 */
async function tried(handle: () => Promise<void>, { policy, pause }: PatientHandling): Promise<unknown> {
  let delay = policy.firstDelayMs;
  let unhandleable = 0;
  for (;;) {
    try {
      await handle();
      return undefined;
    } catch (error) {
      if (error instanceof UnhandleableMessage && ++unhandleable >= policy.tries) return error;
    }
    await pause(delay);
    delay = Math.min(delay * 2, policy.maxDelayMs);
  }
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
