import { z } from 'zod';

/**
 * Every domain event travels in this envelope, on Kafka and in the outbox. The Kafka
 * key is `subject` (the task id) so one order's events stay in order.
 */
export function eventEnvelopeSchema<T extends string, D extends z.ZodType>(type: T, version: number, data: D) {
  return z.object({
    id: z.string(),
    type: z.literal(type),
    version: z.literal(version),
    occurredAt: z.iso.datetime(),
    accountId: z.string(),
    correlationId: z.string(),
    causationId: z.string().nullable(),
    subject: z.string(),
    data,
  });
}

export interface EventEnvelope<T extends string = string, D = unknown> {
  id: string;
  type: T;
  version: number;
  occurredAt: string;
  accountId: string;
  correlationId: string;
  causationId: string | null;
  subject: string;
  data: D;
}
