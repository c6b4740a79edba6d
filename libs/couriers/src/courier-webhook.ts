import type { z } from 'zod';
import type { CourierReport } from './courier-report';
import { doordashWebhookSchema, reportOfDoorDashWebhook } from './doordash/doordash-report';
import { taskIdOf } from './onfleet/onfleet.client';
import { onfleetWebhookSchema, reportOfOnfleetWebhook } from './onfleet/onfleet-report';
import { reportOfUberDelivery, uberWebhookSchema } from './uber/uber-report';

export interface CourierWebhookReading {
  /** Ours: the network names the task by the id we gave the delivery; null for a delivery not ours (Onfleet tells of every task of the organisation). */
  taskId: string | null;
  /** Null when the webhook says nothing of where the delivery stands. */
  report: CourierReport | null;
}

interface Reader<S extends z.ZodType> {
  schema: S;
  read(webhook: z.infer<S>): CourierWebhookReading;
}
const reader = <S extends z.ZodType>(r: Reader<S>): Reader<z.ZodType> => r as unknown as Reader<z.ZodType>;

/** How each network's status webhook is read, by the fleet's connector kind. */
export const COURIER_WEBHOOKS: Record<'doordash' | 'uber-direct' | 'onfleet', Reader<z.ZodType>> = {
  doordash: reader({
    schema: doordashWebhookSchema,
    read: (webhook) => ({ taskId: webhook.external_delivery_id, report: reportOfDoorDashWebhook(webhook) }),
  }),
  'uber-direct': reader({
    schema: uberWebhookSchema,
    read: (webhook) => ({ taskId: webhook.data.external_id, report: reportOfUberDelivery(webhook.data) }),
  }),
  onfleet: reader({
    schema: onfleetWebhookSchema,
    read: (webhook) => ({ taskId: taskIdOf(webhook.data.task), report: reportOfOnfleetWebhook(webhook) }),
  }),
};
