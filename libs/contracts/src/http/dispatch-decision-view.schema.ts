import { z } from 'zod';
import { DISPATCH_OUTCOMES, DISPATCH_STRATEGIES } from '../events/dispatch-decision.schema';
import { isoTimeWindowViewSchema } from '../time-window.schema';

/** A dispatch decision as callers read it (Get Order, the dry run): fees in minor units of `currency_code`. */
export const dispatchDecisionViewSchema = z.object({
  strategy: z.enum(DISPATCH_STRATEGIES),
  decided_at: z.string(),
  candidates: z.array(
    z.object({
      fleet_id: z.number().int(),
      fleet_name: z.string(),
      fee: z.number().int().nullable(),
      currency_code: z.string().nullable(),
      pickup_window: isoTimeWindowViewSchema.nullable(),
      dropoff_window: isoTimeWindowViewSchema.nullable(),
      outcome: z.enum(DISPATCH_OUTCOMES),
      reason: z.string(),
    }),
  ),
});
export type DispatchDecisionView = z.infer<typeof dispatchDecisionViewSchema>;

/** The dry run's answer: null when no fleet serves the request's carrier and service level. */
export const dispatchDecisionResponseSchema = z.object({ dispatch_decision: dispatchDecisionViewSchema.nullable() });
export type DispatchDecisionResponse = z.infer<typeof dispatchDecisionResponseSchema>;
