import { z } from 'zod';

/** An amount in major units (12.5 is 12.50) and its ISO 4217 currency: a charge's parts, an order's total. */
export const moneySchema = z.object({ amount: z.number(), currency: z.string() });
export type Money = z.infer<typeof moneySchema>;
