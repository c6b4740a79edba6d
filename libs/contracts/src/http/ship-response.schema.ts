import { z } from 'zod';
import { timeWindowViewSchema } from '../time-window.schema';
import { moneySchema } from '../money.schema';
import { addressViewSchema, contactViewSchema } from './party-view.schema';
import { trackedDriverViewSchema } from './driver-view.schema';
import { failureCodeSchema } from '../events/failure-codes';
import { latenessAlertSchema } from '../events/lateness.schema';
import { requirementsViewSchema } from '../requirements/delivery-requirements';
import { followUpViewSchema } from './follow-up-view.schema';
import { dispatchDecisionViewSchema } from './dispatch-decision-view.schema';
import { courierFeeViewFields } from './courier-fee.schema';
import { noteViewSchema } from './note.schema';
import { proofOfDeliveryViewSchema } from './proof-of-delivery.schema';
import { TASK_STATUSES } from '../events/task-snapshot.schema';

export const severitySchema = z.enum(['SUCCESS', 'ERROR']);

/** Spec 2.3 notification. `errorCode` and `errorId` are ours, added to error notifications. */
export const notificationSchema = z.object({
  code: z.string(),
  message: z.string().nullable(),
  severity: severitySchema,
  source: z.string(),
  errorCode: z.string().optional(),
  errorId: z.string().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Spec 2.3 charge object. */
export const chargeSchema = z.object({
  accessorialCharge: moneySchema.nullable(),
  baseCharge: moneySchema.nullable(),
  otherCharge: moneySchema.nullable(),
  totalCharge: moneySchema,
});
export type Charge = z.infer<typeof chargeSchema>;

export const billingWeightSchema = z.object({ value: z.number(), weightUnits: z.string() });

/** Spec 2.3 document: both `image` and `image_url` are null in create responses. */
export const documentSchema = z.object({
  documentType: z.string(),
  formatType: z.string(),
  documentId: z.string(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type ShipDocument = z.infer<typeof documentSchema>;

/** Spec 2.3 completed package. */
export const completedPackageSchema = z.object({
  packageType: z.string(),
  shipperReference: z.string().nullable(),
  estimatedDeliveryDate: z.string().nullable(),
  billingWeight: billingWeightSchema,
  trackingNumber: z.string(),
  shippingCharge: chargeSchema,
  shipToHoldState: z.null(),
  codtrackingNumber: z.string().nullable(),
  packageId: z.string(),
  /** Ours: the package's measures in centimetres, null when the caller gave none. */
  dimensions: z.object({ length: z.number(), width: z.number(), height: z.number(), units: z.literal('CM') }).nullable(),
});
export type CompletedPackage = z.infer<typeof completedPackageSchema>;

/** A way point as we answer it; `notes` is null when the notes could not be read just now. The times are the fleet's reports. */
export const wayPointViewSchema = z.object({
  id: z.string(),
  type: z.enum(['pickup', 'dropoff']),
  notes: z.array(noteViewSchema).nullable(),
  eta: z.string().nullable(),
  arrived_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** `code` (docs/decisions.md, failure codes) is null on failures recorded before codes. */
  failure: z.object({ reason: z.string(), code: failureCodeSchema.nullable(), at: z.string() }).nullable(),
  proof_of_delivery: proofOfDeliveryViewSchema.nullable(),
  contact: contactViewSchema,
  address: addressViewSchema,
});

/**
 * Spec 2.3 completed shipment. `task_id`, the caller's `orderId` / `fulfillmentId`,
 * `status`, `ready_to_execute`, `way_points` and, for planned deliveries, `reservation`
 * are ours (spec 1.3: the response carries the task id with the caller's external ids).
 */
export const completedShipmentSchema = z.object({
  serviceType: z.string().nullable(),
  serviceTypeName: z.string().nullable(),
  commitmentLevel: z.string().nullable(),
  shipmentId: z.string(),
  shipDate: z.string().nullable(),
  documents: z.array(documentSchema),
  carrierName: z.string(),
  carrierCode: z.string(),
  billingWeight: billingWeightSchema,
  completedPackages: z.array(completedPackageSchema),
  shippingCharge: chargeSchema,
  task_id: z.string(),
  orderId: z.string(),
  fulfillmentId: z.string(),
  status: z.enum(TASK_STATUSES),
  ready_to_execute: z.boolean(),
  way_points: z.array(wayPointViewSchema),
  reservation: z
    .object({
      quote_id: z.string(),
      fleet: z.object({ id: z.number().int(), name: z.string(), fleet_type: z.number().int() }),
      pickup_window: timeWindowViewSchema,
      dropoff_window: timeWindowViewSchema,
      reserved_until: z.string(),
      confirmed_at: z.string().nullable(),
      released_at: z.string().nullable(),
    })
    .nullable(),
  /** Ours: the shipment's fields the service does not act on, as the caller sent them. */
  platform_fields: z.record(z.string(), z.unknown()),
  /** Ours: the carried fields left out because the whole was over the limit (docs/decisions.md); empty when none. */
  platform_fields_dropped: z.array(z.string()),
  /** Ours: the recipient's read-only tracking page (Get Order; null in create and cancel answers). */
  tracking_url: z.string().nullable(),
  /** Ours: the fleet the task was dispatched to, null before (docs/decisions.md, "Where the driver is shown"). */
  fleet: z
    .object({
      id: z.number().int(),
      name: z.string(),
      dispatched_at: z.string(),
      accepted_at: z.string().nullable(),
      ...courierFeeViewFields,
    })
    .nullable(),
  /** Ours: how a Same-Day task's fleet was chosen (docs/decisions.md, "Dispatch decisions"); null on planned tasks. */
  dispatch_decision: dispatchDecisionViewSchema.nullable(),
  /** Ours: each fleet that gave the task back (refused it, or named no driver in time) and why, oldest first; empty when none did. */
  fleet_rejections: z.array(z.object({ fleet_id: z.number().int(), fleet_name: z.string(), reason: z.string(), rejected_at: z.string() })),
  /** Ours: each lateness told (TaskLate), oldest first; empty when on time. */
  lateness: z.array(latenessAlertSchema),
  /** Ours: what the drop-off requires, and the PIN the recipient gives the driver when one is required. */
  requirements: requirementsViewSchema.extend({ pin: z.string().nullable() }),
  /** Ours: what followed the last failed drop-off (another attempt, or the return leg); null when none did. */
  follow_up: followUpViewSchema.nullable(),
  /** Ours: the fleet's driver, null until assigned; spec 1.3's "driver's name". */
  driver: trackedDriverViewSchema.nullable(),
});
export type CompletedShipment = z.infer<typeof completedShipmentSchema>;

/** Spec 2.3 ship response: success and error envelope of the ship endpoints. */
export const shipResponseSchema = z.object({
  severityType: severitySchema,
  notifications: z.array(notificationSchema),
  provider: z.string().nullable(),
  completedShipments: z.array(completedShipmentSchema).nullable(),
});
export type ShipResponse = z.infer<typeof shipResponseSchema>;
