import { z } from 'zod';
import { isoTimestamp } from './timestamp.schema';
import { isoTimeWindowViewSchema } from '../time-window.schema';

/** Spec 2.4 quote. */
export const quoteSchema = z.object({
  id: z.string(),
  expiry_time: isoTimestamp,
  fleet: z.object({ quote_id: z.string(), id: z.number().int(), fleet_type: z.number().int(), name: z.string() }),
  currency_code: z.string(),
  fee: z.number().int(),
  priority: z.number().int(),
  delivery_terms_supported: z.boolean(),
  pickup_window: isoTimeWindowViewSchema,
  dropoff_window: isoTimeWindowViewSchema,
  /** Beyond spec 2.4: reservations the quote's window can still take when it was issued, for fleets whose capacity we count. */
  remaining_capacity: z.number().int().min(0).optional(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** Spec 2.4 quote error: one fleet's failure. */
export const quoteErrorSchema = z.object({
  message: z.string(),
  fleet_name: z.string(),
  fleet_id: z.number().int().optional(),
  external_team_id: z.string(),
  status: z.unknown().optional(),
  details: z.array(z.unknown()),
});
export type QuoteError = z.infer<typeof quoteErrorSchema>;

/**
 * A quote error's `status` when a fleet priced here offers nothing: why, as a code (the
 * message and details say it in words). A fleet asked over the network answers with its
 * HTTP status or `timeout` instead.
 */
export const QUOTE_REFUSAL = {
  full: 'full',
  pastCutoff: 'past_cutoff',
  blackout: 'blackout',
  outsideWorkingHours: 'outside_working_hours',
  deliveryDateTooSoon: 'delivery_date_too_soon',
  outsideServiceArea: 'outside_service_area',
  tooHeavy: 'too_heavy',
  tooLarge: 'too_large',
  requirementsUnmet: 'requirements_unmet',
  /** The account's requests a minute to the fleet's host are spent (issue 34, "No reflector"). */
  hostBudgetSpent: 'host_budget_spent',
} as const;

/** Spec 2.4 / 7.4: `quotes` is absent when every fleet failed. */
export const quoteResponseSchema = z.object({
  quotes: z.array(quoteSchema).optional(),
  quote_errors: z.array(quoteErrorSchema),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;
