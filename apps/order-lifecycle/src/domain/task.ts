import type { LatenessPolicy } from '@delivery/accounts';
import type {
  CourierFee,
  DeliveryRequirements,
  DispatchDecision,
  FailureCode,
  LatenessAlert,
  Money,
  ProofOfDelivery,
  TaskStatusName,
  TimeWindow,
} from '@delivery/contracts';

/** Shapes the task shares with its events and answers: one definition each, in the contracts. */
export type { Money, ProofOfDelivery, TimeWindow };

/**
 * A delivery order: the unit the service creates, prices, labels, dispatches to a fleet
 * and follows until delivered. Its states and their transitions are in task-lifecycle.ts
 * (`released` is the hold that expired unconfirmed).
 */
export type TaskStatus = TaskStatusName;

export interface TaskParty {
  contact: { personName: string | null; phoneNumber: string | null; email: string | null };
  address: {
    streetLines: string[];
    city: string | null;
    stateOrProvinceCode: string | null;
    postalCode: string | null;
    countryCode: string | null;
    /** Where it is, when the caller said (older tasks lack it). */
    coordinates?: { lat: number; lng: number } | null;
  };
}

/** What a fleet shows at completion besides the proof it leaves: checked, never kept (a PIN, a birth date). */
export interface CompletionEvidence {
  pin: string | null;
  idChecked: boolean;
  recipientBirthDate: string | null;
  barcodes: string[];
}

/** A stop of the task: pickup at the shipper, drop-off at the recipient. The times are the fleet's reports (older tasks lack them). */
export interface WayPoint {
  id: string;
  type: 'pickup' | 'dropoff';
  party: TaskParty;
  eta?: string | null;
  arrivedAt?: string | null;
  completedAt?: string | null;
  /** `code` is absent on failures recorded before codes. */
  failure?: StopFailure | null;
  proofOfDelivery?: ProofOfDelivery | null;
  /** A drop-off tried again: its earlier failed attempts, oldest first (absent when it was tried once). */
  attempts?: StopFailure[];
}

export interface StopFailure {
  reason: string;
  code?: FailureCode;
  at: string;
}

/**
 * What followed a failed drop-off, by the account's policy: another attempt (number
 * `attempt`, due in `window`), or the return leg to the pickup, done when the fleet reports
 * the parcel back.
 */
export type FollowUp =
  { kind: 'reattempt'; attempt: number; window: TimeWindow } | { kind: 'return'; startedAt: string; completedAt: string | null };

/** One step of the task's life: the event it published, and when. */
export interface TimelineEntry {
  event: string;
  at: string;
}

/** The fleet a task was sent to. */
export interface TaskDispatch {
  fleetId: number;
  fleetName: string;
  dispatchedAt: string;
  acceptedAt: string | null;
  /** When the fleet was reported for naming no driver in time (older tasks lack it). */
  timedOutAt?: string | null;
  /** A courier network's own id for the delivery (Uber's del_…), to read and cancel it there. */
  courierRef?: string | null;
  /** What a courier network charges for the delivery, in minor units as a quote's fee, once it names it. */
  fee?: CourierFee | null;
  /** Since when a courier network is owed word of the task's cancellation; absent once told (or never owed). */
  callOffOwedSince?: string;
  /** When the courier network was told of the cancellation (or the call-off given up). */
  calledOffAt?: string;
  /** The process handing the task to its courier network, until when: no other calls the network meanwhile. */
  handOverClaim?: { by: string; until: string } | null;
}

/** A fleet giving a task back: its refusal in our words, or naming no driver in time. */
export interface FleetRejection {
  fleetId: number;
  fleetName: string;
  reason: string;
  at: string;
}

/** The fleet's driver for the task, and where the fleet last said the driver was. */
export interface Driver {
  name: string;
  phone: string | null;
  vehicle: string | null;
  assignedAt: string;
  location: { lat: number; lng: number; at: string } | null;
  /**
   * One of the fleet's own drivers (`drv_…`), who took the task in the driver app, so their
   * app finds it; absent when the fleet's own system named the driver (older tasks too).
   */
  driverId?: string | null;
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

/** The quote a planned task holds: its fleet and windows, until `heldUntil`. */
export interface TaskReservation {
  quoteId: string;
  fleet: { id: number; name: string; fleetType: number };
  pickupWindow: TimeWindow;
  dropoffWindow: TimeWindow;
  heldUntil: string;
  confirmedAt: string | null;
  releasedAt: string | null;
  /** When the quote service took the released window's capacity back; until then it is owed, and retried. */
  capacityReturnedAt?: string | null;
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
  /** The shipment's fields we do not act on, as the caller sent them, in the gateway's JSON text: never read here (older tasks lack it). */
  platformFieldsJson?: string;
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
  /** Null until dispatched (and again after the fleet rejects it); older tasks lack it. */
  dispatch?: TaskDispatch | null;
  /** Null until the fleet assigns a driver; older tasks lack it. */
  driver?: Driver | null;
  /** Opens the recipient's read-only tracking page (/track/{token}); older tasks lack it. */
  trackingToken?: string;
  /** How a Same-Day task's fleet was chosen, and the fallback chain; null for a planned task (older tasks lack it). */
  dispatchDecision?: DispatchDecision | null;
  /** The thresholds it is judged late by, and each lateness told so far (older tasks lack it: not watched). */
  lateness?: { policy: LatenessPolicy; alerts: LatenessAlert[] } | null;
  /** What its drop-off requires (the ship request's and the plan's); older tasks lack it: nothing. */
  requirements?: DeliveryRequirements | null;
  /** The code the recipient gives the driver, when the drop-off requires a PIN. */
  pin?: string | null;
  /** Wrong PINs given for the current one (absent: none); at PIN_ATTEMPTS it is locked. */
  pinFailures?: number;
  /** What followed its last failed drop-off; absent or null when none did. */
  followUp?: FollowUp | null;
  /** Fleets that gave the task back; it is not sent to them again. */
  rejectedFleetIds?: number[];
  /** Why each gave it back, oldest first (older tasks lack those before it existed). */
  rejections?: FleetRejection[];
  /** Every event of the task with its time, oldest first (task-timeline.ts); older tasks lack the events before it existed. */
  timeline?: TimelineEntry[];
  /** The recipient's rating once delivered, from the tracking page (older tasks lack it). */
  rating?: DeliveryRating | null;
  /** Grows by one on every change; updates are conditional on it. */
  version: number;
}

/** One to five stars and, if they wrote one, a comment: the recipient's word on a delivery. */
export interface DeliveryRating {
  stars: number;
  comment: string | null;
  at: string;
}
