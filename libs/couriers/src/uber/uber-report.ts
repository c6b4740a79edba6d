import { z } from 'zod';
import type { DeliveryRequirement } from '@delivery/contracts';
import { feeOf, type CourierProof, type CourierReport, type CourierStage } from '../courier-report';
import { failureCodeOfWords } from '../failure-reasons';
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
    ...failureOf(stage, delivery),
    reference: delivery.id,
    ...feeOf(delivery.fee, delivery.currency),
  };
}

/**
 * The drop-off's proof as Uber links it (`dropoff.verification`, its `VerificationProof`):
 * the signature and picture links, what Uber says its courier checked
 * (`identification.min_age_verified`) and the barcodes scanned (`scan_result.outcome`
 * SUCCESS). Null when it collected none.
 */
function proofOf(delivery: UberDelivery): CourierProof | null {
  const verification = delivery.dropoff?.verification;
  const signatureUrl = verification?.signature?.image_url || null;
  const photoUrl = verification?.picture?.image_url || null;
  const barcodes = (verification?.barcodes ?? []).flatMap((b) => (b.value && b.scan_result?.outcome === 'SUCCESS' ? [b.value] : []));
  const verified: DeliveryRequirement[] = verification?.identification?.min_age_verified === true ? ['minimum_age'] : [];
  if (!signatureUrl && !photoUrl && verified.length === 0 && barcodes.length === 0) return null;
  return {
    recipientName: verification?.signature?.name || null,
    signatureUrl,
    photoUrl,
    note: delivery.dropoff?.courier_notes || null,
    ...(verified.length > 0 && { verified }),
    ...(barcodes.length > 0 && { barcodes }),
  };
}

/** Why a delivery ended undelivered: Uber's `undeliverable_reason` in our words and as our code. */
function failureOf(stage: CourierStage, delivery: UberDelivery): Pick<CourierReport, 'reason' | 'failureCode'> {
  const said = delivery.undeliverable_reason || null;
  const why = said ? ` (Uber's reason: ${said})` : '';
  if (stage === 'cancelled') return { reason: `Uber cancelled the delivery${why}`, failureCode: failureCodeOfWords(said) };
  if (stage === 'returned') {
    return { reason: `Uber's courier could not hand it over${why} and returned it`, failureCode: failureCodeOfWords(said) };
  }
  return { reason: null };
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
