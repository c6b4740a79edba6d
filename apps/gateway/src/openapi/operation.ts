import { z } from 'zod';
import { webhookDeliverySchema } from '@delivery/contracts';

/** How a route answers errors; `page` routes answer with their own HTML pages. */
export type Envelope = 'ship' | 'problem' | 'oauth' | 'page';

/** One endpoint of the gateway as the OpenAPI document describes it. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: string;
  auth: 'integration' | 'fleet' | 'none' | 'signature' | 'console' | 'courier' | 'driver';
  envelope: Envelope;
  request?: z.ZodType;
  /** The query parameters, by the schema the route reads `req.query` with. */
  query?: z.ZodObject;
  /** Status -> body schema (null: no body); errors in the envelope are added for every operation. */
  responses: Record<number, z.ZodType | null | 'text/html' | 'text/plain' | 'text/xml' | 'application/octet-stream'>;
}

/** Answers more than one surface gives (the admin API and the console). */
export const deliveryAnswer = z.object({ success: z.literal(true), delivery: webhookDeliverySchema });
export const replayedAnswer = z.object({ success: z.literal(true), replayed: z.number().int() });
export const deliveryListAnswer = z.object({ success: z.literal(true), deliveries: z.array(webhookDeliverySchema) });
export const emptyBody = z.object({});
