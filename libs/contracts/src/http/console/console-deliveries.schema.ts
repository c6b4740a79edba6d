import { z } from 'zod';
import { LATENESS_KINDS } from '../../events/lateness.schema';
import { TASK_STATUSES } from '../../events/task-snapshot.schema';
import { deliveryMapSchema } from '../delivery-map.schema';
import { completedShipmentSchema } from '../ship-response.schema';

/** The console API: the account's deliveries, for support. */

/** The console's list of deliveries: by any id in `q`, or filtered, newest first, a page at a time. */
export const consoleDeliveryListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  fleet_id: z.coerce.number().int().min(1).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** `true`: only deliveries told late at least once. */
  late: z.enum(['true', 'false']).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const consoleDeliverySummarySchema = z.object({
  task_id: z.string(),
  shipment_id: z.string(),
  order_id: z.string(),
  fulfillment_id: z.string(),
  status: z.enum(TASK_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  fleet: z.string().nullable(),
  driver: z.string().nullable(),
  recipient: z.string().nullable(),
  /** The latenesses told so far (unassigned, pickup_late, dropoff_late, stalled); empty when on time. */
  late: z.array(z.enum(LATENESS_KINDS)),
});

export const consoleDeliveryListSchema = z.object({
  deliveries: z.array(consoleDeliverySummarySchema),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});

/** One delivery: as Get Order shows it, with every step of its life and its label. */
export const consoleDeliveryDetailSchema = z.object({
  delivery: completedShipmentSchema,
  timeline: z.array(z.object({ event: z.string(), at: z.string() })),
  /** The ZPL II shipping label, when the task has one. */
  label: z.string().nullable(),
  /** The same label drawn, one SVG image per package, as the printer will print it. */
  label_svg: z.array(z.string()),
  /** The recipient's rating, once given on the tracking page. */
  rating: z.object({ stars: z.number().int(), comment: z.string().nullable(), at: z.string() }).nullable(),
  /** The driver's last position and the stops with known coordinates, on the operator's tiles; null with no tiles set or nothing to place. */
  map: deliveryMapSchema.nullable(),
});

export type ConsoleDeliverySummaryView = z.infer<typeof consoleDeliverySummarySchema>;
export type ConsoleDeliveryDetailView = z.infer<typeof consoleDeliveryDetailSchema>;
