import { z } from 'zod';

/** Spec 2.7: error body of Create Hard Reservation. */
export const problemDocumentSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  details: z.object({ reason: z.string() }),
  errors: z.object({ reason: z.string() }),
  data: z.object({ orderId: z.string().nullable() }),
  success: z.literal(false),
});
export type ProblemDocument = z.infer<typeof problemDocumentSchema>;
