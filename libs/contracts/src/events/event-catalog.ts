import type { z } from 'zod';
import { noteAddedEventSchema } from './note-events.schema';
import { notificationEventSchema, type NotificationEvent } from './notification-events.schema';
import { orderTopicEventSchema, type OrderTopicEvent } from './order-events.schema';
import { quoteIssuedEventSchema } from './quote-events.schema';
import { TOPICS, type Topic } from './topics';

export interface CatalogTopic {
  topic: Topic;
  /** What the Kafka key of every message on the topic is. */
  key: string;
  description: string;
  events: { schema: z.ZodType; summary: string }[];
}

/**
 * One summary per event of `delivery.orders.v1`: typed by the topic's union, so an event
 * added to the topic without a summary here does not compile, and none is left out of
 * docs/asyncapi.yaml.
 */
const ORDER_EVENT_SUMMARIES: Record<OrderTopicEvent['type'], string> = {
  OrderCreated: 'Create Order created a task; a Same-Day order carries its dispatch decision.',
  OrderCancelled: 'A FulfillmentCancel event cancelled a task.',
  ReservationCreated: 'A soft reservation holds a quote’s fleet and windows (ready_to_execute false).',
  ReservationConfirmed: 'A hard reservation confirmed the hold with the fleet (ready_to_execute true).',
  ReservationExpired: 'A hold passed reservedUntil unconfirmed and was released.',
  TaskDispatched: 'The task was offered to a fleet.',
  DispatchAccepted: 'The fleet accepted the task.',
  DispatchRejected: 'The fleet rejected the task; another may be tried.',
  DriverAssigned: 'The fleet named the driver (or a new one).',
  TaskStarted: 'The driver set off towards a way point.',
  WayPointArrived: 'The driver arrived at a way point.',
  WayPointCompleted: 'A way point was done: picked up, or delivered with its proof.',
  WayPointFailed: 'A way point could not be done, and why.',
  TaskDelivered: 'Every way point was done: the parcel was delivered.',
  TaskFailed: 'The task could not be completed.',
  TaskReturned: 'A parcel picked up and not delivered was brought back.',
  ReturnStarted: 'The drop-off failed and the driver brings the parcel back to the pickup (the account’s policy).',
  DropoffRescheduled: 'The drop-off failed and will be tried again in the next slot (the account’s policy, capped).',
  TaskEtaUpdated: 'The fleet gave new times of arrival.',
  DispatchTimedOut: 'The fleet did not answer the offer in time.',
  PinRejected: 'A PIN given at the drop-off did not match; after the fifth, no more are taken and the drop-off is failed.',
  TaskLate: 'The task crossed one of its account’s lateness thresholds (unassigned, pickup late, drop-off late, stalled); each kind once.',
};

const NOTIFICATION_EVENT_SUMMARIES: Record<NotificationEvent['type'], string> = {
  NotificationSent: 'A message to the recipient was handed to its provider.',
  NotificationDelivered: 'The provider reported the message delivered.',
  NotificationFailed: 'The provider refused the message or reported it undelivered.',
  NotificationSkipped: 'A message was not sent, and why (opted out, no usable address, its moment passed, cancelled, no provider).',
  RecipientOptedOut: 'A recipient opted out of a channel, or back in.',
};

const typeOf = (schema: z.ZodObject) => (schema.shape.type as z.ZodLiteral<OrderTopicEvent['type']>).value;

/** Every topic and event we publish: the source of docs/asyncapi.yaml. */
export const EVENT_CATALOG: CatalogTopic[] = [
  {
    topic: TOPICS.orders,
    key: 'the task id, so one order’s events stay in order',
    description: 'Every change of a task (delivery order): Same-Day orders and planned reservations.',
    events: orderTopicEventSchema.options.map((schema) => ({ schema, summary: ORDER_EVENT_SUMMARIES[typeOf(schema)] })),
  },
  {
    topic: TOPICS.quotes,
    key: 'the quote id',
    description: 'Quotes issued to accounts by their fleets.',
    events: [{ schema: quoteIssuedEventSchema, summary: 'A fleet’s quote was issued in a Get Quotes answer.' }],
  },
  {
    topic: TOPICS.notes,
    key: 'the task id',
    description: 'Notes for drivers and customer support on way points.',
    events: [{ schema: noteAddedEventSchema, summary: 'A note was added to a way point.' }],
  },
  {
    topic: TOPICS.notifications,
    key: 'the task id (an opt-out: the account id)',
    description: 'Messages to recipients (SMS, e-mail): sent, delivered, failed or skipped, and opt-outs; never an address or a text.',
    events: notificationEventSchema.options.map((schema) => ({ schema, summary: NOTIFICATION_EVENT_SUMMARIES[schema.shape.type.value] })),
  },
];
