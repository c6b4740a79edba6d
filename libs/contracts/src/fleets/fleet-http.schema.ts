import { z } from 'zod';
import { isoTimeWindowViewSchema } from '../time-window.schema';
import { isoTimestamp } from '../http/timestamp.schema';

/** What we send a third-party fleet's quote endpoint (docs/fleet-http-connector.md). */
export const fleetQuoteRequestSchema = z.object({
  request_id: z.string(),
  service_level: z.string(),
  ship_date: z.string().nullable(),
  delivery_date: z.string().nullable(),
  currency_code: z.string().nullable(),
  declared_value: z.number().nullable(),
  packages: z.array(
    z.object({
      description: z.string().nullable(),
      weight_kg: z.number(),
      /** Null when the caller did not measure the package. */
      dimensions_cm: z.object({ length: z.number(), width: z.number(), height: z.number() }).nullable(),
    }),
  ),
  pickup: z.unknown(),
  dropoff: z.unknown(),
});
export type FleetQuoteRequest = z.infer<typeof fleetQuoteRequestSchema>;

/** What a third-party fleet answers: its quotes, `fee` in minor currency units. */
export const fleetQuoteResponseSchema = z.object({
  quotes: z
    .array(
      z.looseObject({
        id: z.string().min(1).max(200),
        fee: z
          .number()
          .int()
          .nonnegative()
          .max(2 ** 31 - 1),
        currency_code: z.string().regex(/^[A-Z]{3}$/),
        priority: z.number().int().min(0).max(100).default(0),
        delivery_terms_supported: z.boolean().default(true),
        expiry_time: isoTimestamp,
        pickup_window: isoTimeWindowViewSchema,
        dropoff_window: isoTimeWindowViewSchema,
      }),
    )
    .max(20),
});
export type FleetQuoteResponse = z.infer<typeof fleetQuoteResponseSchema>;

/**
 * What an HTTP fleet's dispatch URL receives, signed like a webhook (Standard Webhooks):
 * a task was dispatched to it (`task.dispatched`), or the order of a task it had was
 * cancelled (`order.cancelled`). The fleet reads the task and answers through the fleet
 * API, at `task_url`, with its own app's token (docs/fleet-http-connector.md).
 */
export const fleetCallPayloadSchema = z.object({
  type: z.enum(['task.dispatched', 'order.cancelled']),
  timestamp: z.string(),
  data: z.object({
    event_id: z.string(),
    task_id: z.string(),
    shipment_id: z.string(),
    fleet_id: z.number().int(),
    status: z.string(),
    /** The task in the fleet API; null where the dispatcher knows no public address of the gateway. */
    task_url: z.string().nullable(),
  }),
});
export type FleetCallPayload = z.infer<typeof fleetCallPayloadSchema>;

/** What we send a fleet when the caller confirms a reservation of its quote. */
export const fleetConfirmationSchema = z.object({ quote_id: z.string(), reference: z.string() });
export type FleetConfirmation = z.infer<typeof fleetConfirmationSchema>;
