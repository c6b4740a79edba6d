import type { CourierFee, DeliveryRequirement, FailureCode } from '@delivery/contracts';

/**
 * Where a courier network says a delivery stands, in our terms: what each provider's status
 * (its webhook, or its delivery read back) maps onto, and what order-lifecycle walks the
 * task to. Later stages imply the earlier ones, so a report that skips some (a lost webhook)
 * still lands the task where the courier is, and one that is behind the task changes nothing.
 */
export const COURIER_STAGES = [
  'accepted',
  'assigned',
  'en_route_to_pickup',
  'at_pickup',
  'picked_up',
  'en_route_to_dropoff',
  'at_dropoff',
  'delivered',
  /** The courier failed the delivery (before pick-up: the task goes to the next fleet). */
  'failed',
  /** Back at the pick-up after a failed drop-off. */
  'returned',
  /** The courier cancelled it (before pick-up: the task goes to the next fleet). */
  'cancelled',
] as const;
export type CourierStage = (typeof COURIER_STAGES)[number];

export interface CourierReport {
  stage: CourierStage;
  courier: { name: string; phone: string | null; vehicle: string | null } | null;
  location: { lat: number; lng: number } | null;
  etas: { pickup: string | null; dropoff: string | null };
  proof: CourierProof | null;
  /** Why it failed or was cancelled, in our words, with the network's own beside them. */
  reason: string | null;
  /** Our code for why it failed, read from the network's words (failure-reasons.ts); absent: `other`. */
  failureCode?: FailureCode;
  /** What the network charges for the delivery, in minor units (cents) as a quote's `fee`, when it says. */
  fee?: CourierFee;
  /** The network's own id for the delivery, when it names it by one of its own (Uber's del_…); kept on the task's dispatch. */
  reference?: string;
}

/** The proof a network collected at the drop-off, and what its own document says it verified. */
export interface CourierProof {
  recipientName: string | null;
  signatureUrl: string | null;
  photoUrl: string | null;
  note: string | null;
  /** What the network says its courier verified (Uber's `identification.min_age_verified`, say); absent: nothing claimed. */
  verified?: DeliveryRequirement[];
  /** The barcodes its courier scanned. */
  barcodes?: string[];
}

/** A network's `fee` and `currency` (both in its delivery; Uber writes `usd`), as a report's fee: none unless it gives both. */
export const feeOf = (amount: number | undefined, currency: string | undefined): { fee?: CourierFee } =>
  amount !== undefined && currency ? { fee: { amount, currency: currency.toUpperCase() } } : {};

export const isCourierStage = (value: string): value is CourierStage => (COURIER_STAGES as readonly string[]).includes(value);
