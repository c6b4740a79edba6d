import { z } from 'zod';
import { timeWindowViewSchema } from '../time-window.schema';
import { addressViewSchema, contactViewSchema } from './party-view.schema';
import { driverViewSchema } from './driver-view.schema';
import { FAILURE_CODES, failureCodeSchema } from '../events/failure-codes';
import { TASK_STATUSES } from '../events/task-snapshot.schema';
import { proofOfDeliveryViewSchema } from './proof-of-delivery.schema';
import { platformTimestamp } from './timestamp.schema';
import { requirementsViewSchema } from '../requirements/delivery-requirements';
import { followUpViewSchema } from './follow-up-view.schema';

/**
 * The fleet API (docs/fleet-api.md): what a fleet's own app sends about the tasks
 * dispatched to it, and how it sees them. Bodies are read leniently like every caller's:
 * unknown keys pass; only what we act on is checked.
 */

const text = (field: string, max: number) => z.string(`${field} must be text`).trim().min(1, `${field} must not be empty`).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullish();
/**
 * A proof's URL: the fleet's own (http or https), or a `media:` reference the driver app's
 * upload answered (an object we keep; order-lifecycle takes only one of the task's own).
 */
const link = (field: string) =>
  z
    .union([z.url({ protocol: /^https?$/ }), z.string().regex(/^media:[A-Za-z0-9_./-]{1,512}$/)], {
      error: `${field} must be an http or https address, or the media an upload answered`,
    })
    .refine((value) => value.length <= 2_048, `${field} must be at most 2048 characters`)
    .nullish();

export const fleetRejectRequestSchema = z.looseObject({ reason: text('reason', 500) });
/** A failed stop: a `reason_code` (docs/decisions.md), the driver's words, or both; either alone will do. */
export const fleetFailRequestSchema = z
  .looseObject({
    reason: optionalText(500),
    reason_code: z.enum(FAILURE_CODES, { error: `reason_code must be one of ${FAILURE_CODES.join(', ')}` }).nullish(),
  })
  .refine((body) => !!body.reason || !!body.reason_code, { message: 'reason or reason_code is required', path: ['reason'] });

export const fleetDriverRequestSchema = z.looseObject({
  name: text('name', 200),
  phone: optionalText(100),
  vehicle: optionalText(200),
});

export const fleetLocationRequestSchema = z
  .looseObject({
    location: z
      .looseObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }, { error: 'location needs lat and lng' })
      .nullish(),
    etas: z
      .array(
        z.looseObject({
          way_point_id: text('way_point_id', 200),
          eta: platformTimestamp('eta').refine((eta) => eta != null, 'eta is required'),
        }),
      )
      .max(10)
      .nullish(),
  })
  .refine((body) => body.location || body.etas?.length, { message: 'give a location, ETAs, or both' });

export const fleetCompleteRequestSchema = z.looseObject({
  proof_of_delivery: z
    .looseObject({
      recipient_name: optionalText(200),
      signature_url: link('signature_url'),
      photo_url: link('photo_url'),
      note: optionalText(2_000),
      /** Checked against the task's requirements, never kept: the PIN, whether an ID was checked, the birth date on it. */
      pin: z.string().trim().max(20).nullish(),
      id_checked: z.boolean('id_checked must be true or false').nullish(),
      recipient_birth_date: z.iso.date('recipient_birth_date must be a date, YYYY-MM-DD').nullish(),
      barcodes: z.array(z.string().trim().min(1).max(200)).max(100).nullish(),
    })
    .nullish(),
});

const window = timeWindowViewSchema;

/** A task as its fleet sees it: where to go, whom to see, what to carry, and what the fleet reported. */
export const fleetTaskViewSchema = z.object({
  task_id: z.string(),
  shipment_id: z.string(),
  status: z.enum(TASK_STATUSES),
  order_id: z.string(),
  fulfillment_id: z.string(),
  service_level: z.string(),
  ship_date: z.string().nullable(),
  delivery_date: z.string().nullable(),
  dispatched_at: z.string(),
  accepted_at: z.string().nullable(),
  driver: driverViewSchema.nullable(),
  way_points: z.array(
    z.object({
      id: z.string(),
      type: z.enum(['pickup', 'dropoff']),
      /** No e-mail: the fleet calls or texts. */
      contact: contactViewSchema.omit({ email: true }),
      address: addressViewSchema,
      window: window.nullable(),
      eta: z.string().nullable(),
      arrived_at: z.string().nullable(),
      completed_at: z.string().nullable(),
      failure_reason: z.string().nullable(),
      failure_code: failureCodeSchema.nullable(),
      proof_of_delivery: proofOfDeliveryViewSchema.nullable(),
    }),
  ),
  /** What the drop-off requires: completing it without the proof is refused (409). */
  requirements: requirementsViewSchema,
  /** After a failed drop-off: when to try again, or to bring the parcel back to the pickup. */
  follow_up: followUpViewSchema.nullable(),
  packages: z.array(
    z.object({
      package_id: z.string(),
      tracking_number: z.string(),
      description: z.string().nullable(),
      weight_kg: z.number(),
      dimensions_cm: z.object({ length: z.number(), width: z.number(), height: z.number() }).nullable(),
    }),
  ),
});
export type FleetTaskView = z.infer<typeof fleetTaskViewSchema>;

export const fleetTaskResponseSchema = z.object({ success: z.literal(true), changed: z.boolean(), task: fleetTaskViewSchema.nullable() });
/** `GET /fleet/v1/tasks`: a page at a time (docs/fleet-api.md); `cursor` is a previous page's `next_cursor`. */
export const fleetTaskListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().min(1).max(1000).optional(),
});

export const fleetTaskListResponseSchema = z.object({
  success: z.literal(true),
  tasks: z.array(fleetTaskViewSchema),
  /** Where the next page starts; null on the last. */
  next_cursor: z.string().nullable(),
});
