import { z } from 'zod';

/** What a courier network charges for a delivery, in minor units (cents) as a quote's `fee`: on the task and its events. */
export const courierFeeSchema = z.object({ amount: z.number().int(), currency: z.string() });
export type CourierFee = z.infer<typeof courierFeeSchema>;

/** The fee as callers read it in a task's `fleet` (Get Order, webhooks): flat, as a quote's `fee` and `currency_code`. */
export const courierFeeViewFields = {
  fee: z
    .number()
    .int()
    .nullable()
    .describe("The courier network's fee for the delivery, in minor units as a quote's; null when it names none"),
  currency_code: z.string().nullable(),
};

/** The one mapping to that view, from the proto message or the event snapshot. */
export const toCourierFeeView = (fee: CourierFee | null | undefined) => ({
  fee: fee?.amount ?? null,
  currency_code: fee?.currency ?? null,
});
