import { z } from 'zod';
import { feeOf, type CourierReport, type CourierStage } from '../courier-report';
import { uberDeliverySchema, type UberDelivery } from './uber-direct.client';

/** A delivery's `status` (Uber's delivery status reference), onto our stages. */
const BY_STATUS = new Map<string, CourierStage>(
  Object.entries({
    pending: 'accepted',
    pickup: 'en_route_to_pickup',
    pickup_complete: 'picked_up',
    dropoff: 'en_route_to_dropoff',
    delivered: 'delivered',
    canceled: 'cancelled',
    returned: 'returned',
  }),
);

const isoOrNull = (time: string | undefined) => (time && !Number.isNaN(Date.parse(time)) ? new Date(time).toISOString() : null);

/** Where an Uber delivery stands, or null for a status we do not know. `reference` is Uber's own id (del_…), for reading and cancelling it. */
export function reportOfUberDelivery(delivery: UberDelivery): CourierReport | null {
  const stage = BY_STATUS.get(delivery.status);
  if (!stage) return null;
  const courier = delivery.courier;
  const vehicle = [courier?.vehicle_make, courier?.vehicle_model].filter(Boolean).join(' ') || courier?.vehicle_type || null;
  return {
    stage,
    courier: courier?.name ? { name: courier.name, phone: courier.phone_number ?? null, vehicle } : null,
    location: courier?.location ?? null,
    etas: { pickup: isoOrNull(delivery.pickup_eta), dropoff: isoOrNull(delivery.dropoff_eta) },
    proof: stage === 'delivered' ? proofOf(delivery) : null,
    reason: stage === 'cancelled' ? 'Uber cancelled the delivery' : null,
    reference: delivery.id,
    ...feeOf(delivery.fee, delivery.currency),
  };
}

/** The drop-off's proof as Uber links it (`dropoff.verification`); null when it collected none. */
function proofOf(delivery: UberDelivery): CourierReport['proof'] {
  const verification = delivery.dropoff?.verification;
  const signatureUrl = verification?.signature?.image_url || null;
  const photoUrl = verification?.picture?.image_url || null;
  if (!signatureUrl && !photoUrl) return null;
  return { recipientName: verification?.signature?.name || null, signatureUrl, photoUrl, note: delivery.dropoff?.courier_notes || null };
}

/**
 * A webhook Uber sends (`event.delivery_status`, `event.courier_update`): its `data` is the
 * delivery as it stands, named by our `external_id`.
 */
export const uberWebhookSchema = z.looseObject({
  kind: z.string().optional(),
  data: uberDeliverySchema.extend({ external_id: z.string().min(1) }),
});
export type UberWebhook = z.infer<typeof uberWebhookSchema>;
