import { z } from 'zod';

/**
 * How a delivery runs late: no driver yet close to its pickup, not picked up in time, its
 * drop-off predicted (by the ETA) or found past its window, or stuck in one state.
 */
export const LATENESS_KINDS = ['unassigned', 'pickup_late', 'dropoff_late', 'stalled'] as const;
export type LatenessKind = (typeof LATENESS_KINDS)[number];

/** One lateness of a task, told once: which, the deadline it passed, when we saw it, and in words. */
export const latenessAlertSchema = z.object({
  kind: z.enum(LATENESS_KINDS),
  deadline: z.string(),
  at: z.string(),
  detail: z.string(),
});
export type LatenessAlert = z.infer<typeof latenessAlertSchema>;
