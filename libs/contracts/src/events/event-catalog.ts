import type { z } from 'zod';
import { noteAddedEventSchema } from './note-events.schema';
import {
  orderCancelledEventSchema,
  orderCreatedEventSchema,
  reservationConfirmedEventSchema,
  reservationCreatedEventSchema,
  reservationExpiredEventSchema,
} from './order-events.schema';
import { quoteIssuedEventSchema } from './quote-events.schema';
import { TOPICS, type Topic } from './topics';

export interface CatalogTopic {
  topic: Topic;
  /** What the Kafka key of every message on the topic is. */
  key: string;
  description: string;
  events: { schema: z.ZodType; summary: string }[];
}

/** Every topic and event we publish: the source of docs/asyncapi.yaml. */
export const EVENT_CATALOG: CatalogTopic[] = [
  {
    topic: TOPICS.orders,
    key: 'the task id, so one order’s events stay in order',
    description: 'Every change of a task (delivery order): Same-Day orders and planned reservations.',
    events: [
      { schema: orderCreatedEventSchema, summary: 'Create Order created a task.' },
      { schema: orderCancelledEventSchema, summary: 'A FulfillmentCancel event cancelled a task.' },
      { schema: reservationCreatedEventSchema, summary: 'A soft reservation holds a quote’s fleet and windows (ready_to_execute false).' },
      { schema: reservationConfirmedEventSchema, summary: 'A hard reservation confirmed the hold with the fleet (ready_to_execute true).' },
      { schema: reservationExpiredEventSchema, summary: 'A hold passed reservedUntil unconfirmed and was released.' },
    ],
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
];
