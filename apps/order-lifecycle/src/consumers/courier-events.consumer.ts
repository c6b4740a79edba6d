import { orderTopicEventSchema } from '@delivery/contracts';
import { readEvent, type ConsumedMessage } from '@delivery/event-bus';
import { handleInTrace, tagSpan } from '@delivery/observability/tracing';
import { courierWorkOf, type CourierDeps } from '../domain/courier-dispatch';

/**
 * The courier hand-over's consumer of the orders topic: each message read as an order event
 * (checked against its schema; one that fails it passed over and logged), in the trace it came
 * with, so its hand-over or call-off joins the request behind it (`courierWorkOf`).
 */
export function takeCourierEvent(message: ConsumedMessage, deps: CourierDeps): Promise<void> {
  return handleInTrace(message, async () => {
    const event = readEvent(message.value, orderTopicEventSchema, { name: 'order-lifecycle courier hand-over', logger: deps.logger });
    if (!event) return;
    tagSpan({ accountId: event.accountId, taskId: event.subject });
    await courierWorkOf(event, deps);
  });
}
