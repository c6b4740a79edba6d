import { z } from 'zod';
import { feeOf, type CourierReport, type CourierStage } from '../courier-report';
import { doordashDeliverySchema, type DoorDashDelivery } from './doordash-drive.client';

/** `delivery_status` of a delivery (DoorDash's published contract), onto our stages. */
const BY_STATUS = new Map<string, CourierStage>(
  Object.entries({
    created: 'accepted',
    confirmed: 'accepted',
    enroute_to_pickup: 'en_route_to_pickup',
    arrived_at_pickup: 'at_pickup',
    picked_up: 'picked_up',
    enroute_to_dropoff: 'en_route_to_dropoff',
    arrived_at_dropoff: 'at_dropoff',
    delivered: 'delivered',
    cancelled: 'cancelled',
    returned: 'returned',
  }),
);

/** The webhook events DoorDash's webhook reference lists for Drive deliveries, onto our stages. */
const BY_EVENT = new Map<string, CourierStage>(
  Object.entries({
    DASHER_CONFIRMED: 'en_route_to_pickup',
    DASHER_CONFIRMED_PICKUP_ARRIVAL: 'at_pickup',
    DASHER_PICKED_UP: 'picked_up',
    DASHER_CONFIRMED_DROPOFF_ARRIVAL: 'at_dropoff',
    DASHER_DROPPED_OFF: 'delivered',
    DELIVERY_CANCELLED: 'cancelled',
    DELIVERY_RETURN_INITIALIZED: 'failed',
    DASHER_CONFIRMED_RETURN_ARRIVAL: 'failed',
    DELIVERY_RETURNED: 'returned',
  }),
);

const REASONS: Partial<Record<CourierStage, string>> = {
  cancelled: 'DoorDash cancelled the delivery',
  failed: 'the Dasher could not deliver it and is returning it to the pick-up',
};

/**
 * `cancellation_reason`'s values (DeliveryResponseCancellationReasonEnum in @doordash/sdk
 * 0.6.13) in our words. DoorDash says which step failed, never why, so each is our `other`.
 */
const CANCELLATION_REASONS: Record<string, string> = {
  cancelled_by_creator: 'cancelled by its creator',
  failed_to_process_payment: 'DoorDash could not take the payment',
  failed_to_assign_and_refunded: 'no Dasher took it',
  failed_to_pickup: 'the Dasher could not pick it up',
  failed_to_deliver: 'the Dasher could not deliver it',
  failed_to_return: 'the Dasher could not return it',
};

function reasonOf(stage: CourierStage, delivery: Partial<DoorDashDelivery>): string | null {
  const base = REASONS[stage] ?? null;
  const cause = delivery.cancellation_reason;
  if (!base || !cause) return base;
  return `${base} (${CANCELLATION_REASONS[cause] ?? 'a reason we do not know'}; DoorDash's reason: ${cause})`;
}

function reportOf(stage: CourierStage, delivery: Partial<DoorDashDelivery>): CourierReport {
  const named = delivery.dasher_name ? stage : null;
  return {
    // A delivery DoorDash has, with a Dasher named, is assigned even before DoorDash says the Dasher set off.
    stage: named === 'accepted' ? 'assigned' : stage,
    courier: delivery.dasher_name
      ? {
          name: delivery.dasher_name,
          // The number the recipient can call, which the retailer passes on; the pick-up's works only from the store's.
          phone: delivery.dasher_dropoff_phone_number ?? null,
          vehicle: vehicleOf(delivery),
        }
      : null,
    location: delivery.dasher_location ?? null,
    etas: { pickup: isoOrNull(delivery.pickup_time_estimated), dropoff: isoOrNull(delivery.dropoff_time_estimated) },
    proof: stage === 'delivered' ? proofOf(delivery) : null,
    reason: reasonOf(stage, delivery),
    ...feeOf(delivery.fee, delivery.currency),
  };
}

/** "2019 Toyota Prius", from `dasher_vehicle_year`, `_make` and `_model`; null when DoorDash gives none. */
const vehicleOf = (delivery: Partial<DoorDashDelivery>) =>
  [delivery.dasher_vehicle_year, delivery.dasher_vehicle_make, delivery.dasher_vehicle_model].filter(Boolean).join(' ') || null;

function proofOf(delivery: Partial<DoorDashDelivery>): CourierReport['proof'] {
  const photoUrl = delivery.dropoff_verification_image_url ?? null;
  const signatureUrl = delivery.dropoff_signature_image_url ?? null;
  return photoUrl || signatureUrl ? { recipientName: null, signatureUrl, photoUrl, note: null } : null;
}

const isoOrNull = (time: string | undefined) => (time && !Number.isNaN(Date.parse(time)) ? new Date(time).toISOString() : null);

/** A delivery read back from Drive API v2 (GET /drive/v2/deliveries/{id}): where it stands, or null for a status we do not know. */
export function reportOfDoorDashDelivery(delivery: DoorDashDelivery): CourierReport | null {
  const stage = BY_STATUS.get(delivery.delivery_status);
  return stage ? reportOf(stage, delivery) : null;
}

/**
 * A webhook DoorDash sent: its event, else the delivery's status, with the delivery's
 * details as it sends them (every field optional: DoorDash omits empty ones). No DoorDash
 * document we could read names the event's field for sure: its webhook guide's examples
 * say `event_name`, copies of its contract say `event_type`; both are read, `event_name`
 * first (a guess, named in docs/couriers.md).
 */
export const doordashWebhookSchema = doordashDeliverySchema.partial().extend({
  external_delivery_id: z.string().min(1),
  event_name: z.string().optional(),
  event_type: z.string().optional(),
});
export type DoorDashWebhook = z.infer<typeof doordashWebhookSchema>;

export function reportOfDoorDashWebhook(webhook: DoorDashWebhook): CourierReport | null {
  // Maps, not objects: a name such as "valueOf" is no stage.
  const stage = BY_EVENT.get(webhook.event_name ?? webhook.event_type ?? '') ?? BY_STATUS.get(webhook.delivery_status ?? '');
  return stage ? reportOf(stage, webhook) : null;
}
