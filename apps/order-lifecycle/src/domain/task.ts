/**
 * A delivery order: the unit the service creates, prices, labels and cancels.
 * Same-Day tasks are `created`; planned ones go `reserved` -> `confirmed`, or `released`
 * when the hold passes unconfirmed. Any may be `cancelled`.
 */
export type TaskStatus = 'created' | 'reserved' | 'confirmed' | 'released' | 'cancelled';

export interface Money {
  amount: number;
  currency: string;
}

export interface TaskParty {
  contact: { personName: string | null; phoneNumber: string | null; email: string | null };
  address: {
    streetLines: string[];
    city: string | null;
    stateOrProvinceCode: string | null;
    postalCode: string | null;
    countryCode: string | null;
  };
}

/** A stop of the task: pickup at the shipper, drop-off at the recipient. */
export interface WayPoint {
  id: string;
  type: 'pickup' | 'dropoff';
  party: TaskParty;
}

export interface PackageCharge {
  base: Money;
  weight: Money;
  total: Money;
}

export interface TaskPackage {
  packageId: string;
  trackingNumber: string;
  contentDescription: string | null;
  packageType: string;
  weightKg: number;
  /** Centimetres, when the caller measured the package (older tasks lack it). */
  dimensionsCm?: Dimensions | null;
  charge: PackageCharge;
}

export interface Dimensions {
  length: number;
  width: number;
  height: number;
}

export interface TaskDocument {
  documentId: string;
  documentType: 'LABEL';
  formatType: 'ZPLII';
}

export interface Window {
  startTime: string;
  endTime: string;
}

/** The quote a planned task holds: its fleet and windows, until `heldUntil`. */
export interface TaskReservation {
  quoteId: string;
  fleet: { id: number; name: string; fleetType: number };
  pickupWindow: Window;
  dropoffWindow: Window;
  heldUntil: string;
  confirmedAt: string | null;
  releasedAt: string | null;
}

export interface Task {
  id: string;
  accountId: string;
  shipmentId: string;
  status: TaskStatus;
  readyToExecute: boolean;
  orderId: string;
  fulfillmentId: string;
  provider: string | null;
  carrierCode: string;
  carrierName: string;
  serviceLevel: string;
  shipDate: string | null;
  deliveryDate: string | null;
  description: string | null;
  monetaryValue: string | null;
  currencyCode: string | null;
  /** The shipment's fields we do not act on, as the caller sent them (older tasks lack it). */
  platformFields?: Record<string, unknown>;
  wayPoints: WayPoint[];
  packages: TaskPackage[];
  billingWeightKg: number;
  charge: PackageCharge;
  documents: TaskDocument[];
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  cancelReasonId: string | null;
  reservation: TaskReservation | null;
  /** Grows by one on every change; updates are conditional on it. */
  version: number;
}
