/**
 * Kafka topic names: a contract with analysts. A breaking change to an envelope or
 * payload gets a new topic version (published side by side); a name is never reused.
 */
export const TOPICS = {
  orders: 'delivery.orders.v1',
  quotes: 'delivery.quotes.v1',
  notes: 'delivery.notes.v1',
  notifications: 'delivery.notifications.v1',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];
export const ALL_TOPICS: readonly Topic[] = Object.values(TOPICS);
