import { handleInTrace, tagSpan } from '@delivery/observability/tracing';
import { readEvent, type ConsumedMessage, type PassedOverReason } from '@delivery/event-bus';
import type { NewDelivery } from '@delivery/webhook-deliveries';
import { deliveriesFor, type MakeDeliveriesDeps } from '../domain/make-deliveries';
import { webhookSourceEventSchema } from '../domain/webhook-payload';

export interface TakeEventDeps extends MakeDeliveriesDeps {
  /** Stores new deliveries (those already stored are left as they are). */
  store: (deliveries: readonly NewDelivery[]) => Promise<void>;
  logger: Pick<Console, 'error'>;
  /** Told of each delivery made, with the request id that caused its event (for the log). */
  made?: (delivery: NewDelivery, requestId: string | null) => void;
  /** Told of each message passed over, and why: for a metric (each is logged too). */
  passedOver?: (reason: PassedOverReason) => void;
}

/**
 * The orders and notes topics' consumer: each message read as a webhook source event (checked
 * against its schema), in a span of its own, the child of the request that wrote it, and its
 * deliveries made (`deliveriesFor`); a batch's deliveries stored in one write. Messages that are
 * not webhook events are passed over, each with a log line and `passedOver`.
 * Resolving means the deliveries are stored, so the offset may move on.
 */
export async function takeEvents(messages: readonly ConsumedMessage[], deps: TakeEventDeps): Promise<void> {
  const deliveries: NewDelivery[] = [];
  for (const message of messages) {
    const made = await handleInTrace(message, () => deliveriesOfMessage(message.value, deps, message.headers?.traceparent));
    for (const delivery of made) deps.made?.(delivery, message.headers?.['x-request-id'] ?? null);
    deliveries.push(...made);
  }
  if (deliveries.length > 0) await deps.store(deliveries);
}

async function deliveriesOfMessage(raw: string, deps: TakeEventDeps, trace: string | undefined): Promise<NewDelivery[]> {
  // Every event of the topics it reads has a schema: one that fails it is newer than this dispatcher, or damaged.
  const event = readEvent(raw, webhookSourceEventSchema, { name: 'webhook dispatcher', logger: deps.logger, passedOver: deps.passedOver });
  if (!event) return [];
  tagSpan({ accountId: event.accountId, taskId: event.subject });
  return deliveriesFor(event, trace, deps);
}
