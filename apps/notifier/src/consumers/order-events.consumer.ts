import { orderTopicEventSchema } from '@delivery/contracts';
import { readEvent, type ConsumedMessage, type PassedOverReason } from '@delivery/event-bus';
import { handleInTrace, tagSpan } from '@delivery/observability/tracing';
import { orderEventMessages, type OrderEventMessagesDeps } from '../domain/order-event-messages';

export interface TakeEventsDeps extends OrderEventMessagesDeps {
  logger: Pick<Console, 'error'>;
  passedOver?: (reason: PassedOverReason) => void;
}

/**
 * The orders topic's consumer: each message read as an order event (checked against its
 * schema; one that fails it passed over, logged and counted), in a span of its own, the child
 * of the request that wrote it, and taken into the message queue (`orderEventMessages`); the
 * batch's writes are the batch's. Resolving means all is stored, so the offset may move on.
 */
export async function takeEvents(messages: readonly ConsumedMessage[], deps: TakeEventsDeps): Promise<void> {
  const batch = orderEventMessages(deps);
  for (const message of messages) {
    await handleInTrace(message, async () => {
      const event = readEvent(message.value, orderTopicEventSchema, { name: 'notifier', logger: deps.logger, passedOver: deps.passedOver });
      if (!event) return;
      tagSpan({ accountId: event.accountId, taskId: event.subject });
      await batch.take(event, message.headers?.traceparent);
    });
  }
  await batch.done();
}
