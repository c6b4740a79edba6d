import { z } from 'zod';
import { timeWindowSchema } from '../time-window.schema';

export const DISPATCH_STRATEGIES = ['cheapest', 'fastest', 'preferred'] as const;
export type DispatchStrategy = (typeof DISPATCH_STRATEGIES)[number];
/** `rejected`: ranked, then asked, and it refused the delivery (its reason replaces the ranking's). */
export const DISPATCH_OUTCOMES = ['chosen', 'fallback', 'passed_over', 'rejected'] as const;

const window = timeWindowSchema;

/** One fleet weighed for a task: its offer (fees in minor units) when it was priced, where it ranked, and why. */
export const rankedFleetSchema = z.object({
  fleetId: z.number().int(),
  fleetName: z.string(),
  fee: z.number().int().nullable(),
  currencyCode: z.string().nullable(),
  pickupWindow: window.nullable(),
  dropoffWindow: window.nullable(),
  outcome: z.enum(DISPATCH_OUTCOMES),
  reason: z.string(),
});
export type RankedFleet = z.infer<typeof rankedFleetSchema>;

/** Why a task went to its fleet: the chosen one first, then the fallback chain in order, then those passed over. */
export const dispatchDecisionSchema = z.object({
  strategy: z.enum(DISPATCH_STRATEGIES),
  decidedAt: z.string(),
  candidates: z.array(rankedFleetSchema),
});
export type DispatchDecision = z.infer<typeof dispatchDecisionSchema>;
