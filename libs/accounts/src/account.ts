import type { DeliveryRequirements, DispatchStrategy } from '@delivery/contracts';
import type { NotificationSettings } from './notification-settings';

/** A retailer using the service; owns client apps, service plans and orders. */
export interface Account {
  id: string;
  name: string;
  createdAt: string;
  /** The operator's limits for this account; absent means the gateway's defaults. */
  rateLimits?: RateLimits | null;
  /** When its deliveries count as late; absent means DEFAULT_LATENESS_POLICY. */
  lateness?: LatenessPolicy | null;
  /** What follows a failed drop-off; absent means DEFAULT_FAILED_DROPOFF_POLICY. */
  failedDropoff?: FailedDropoffPolicy | null;
  /** What its recipients are told; absent means DEFAULT_NOTIFICATION_SETTINGS. */
  notifications?: NotificationSettings | null;
  /** How the recipient's page and e-mails look; absent, the account's name alone in our colours. */
  brand?: AccountBrand | null;
  /** How its drivers' proof photos and signatures are kept; absent means DEFAULT_PROOF_MEDIA_POLICY. */
  proofMedia?: ProofMediaPolicy | null;
  /**
   * Grows with every change of its delivery policies (absent: 0): a read-modify-write of them
   * passes the revision it read, and lands only if no other change came between.
   */
  policiesRevision?: number;
}

/** The account's look on the recipient's page and in e-mails: a logo (an https image) and a colour (`#rrggbb`). */
export interface AccountBrand {
  logoUrl: string | null;
  colour: string;
}

/** What a brand may be: refused naming the setting, or null when it can be used. */
export function brandProblem(brand: AccountBrand): string | null {
  if (!/^#[0-9a-fA-F]{6}$/.test(brand.colour)) return 'the colour must be #rrggbb, e.g. #1f6feb';
  if (brand.logoUrl !== null && (brand.logoUrl.length > 500 || !/^https:\/\/[^\s"'<>]+$/.test(brand.logoUrl))) {
    return 'the logo must be an https address of at most 500 characters';
  }
  return null;
}

/** The account's rules for its deliveries, each set on its own; null is back to the default. */
export type DeliveryPolicies = Partial<Pick<Account, 'lateness' | 'failedDropoff' | 'notifications' | 'brand' | 'proofMedia'>>;

/**
 * How long the drivers' photos and signatures are kept, and whether a photo keeps where it
 * was taken (docs/decisions.md, "Proof photos and signatures"): deleted by the gateway's
 * sweep once `retentionDays` old; location metadata removed unless `keepLocation`.
 */
export interface ProofMediaPolicy {
  retentionDays: number;
  keepLocation: boolean;
}

/** Half a year: past the 120 days a card payment may be disputed in, and no longer. */
export const DEFAULT_PROOF_MEDIA_POLICY: ProofMediaPolicy = { retentionDays: 180, keepLocation: false };

export const PROOF_MEDIA_RETENTION_DAYS = { min: 1, max: 3650 } as const;

/**
 * What follows a failed drop-off (docs/decisions.md, "After a failed drop-off"): the driver
 * brings the parcel back to the pickup (a return leg); or tries again in the next slot, up to
 * `maxAttempts` drop-offs in all, then brings it back; or nothing, the task ends failed.
 */
export const FAILED_DROPOFF_FOLLOW_UPS = ['return', 'reattempt', 'nothing'] as const;
export type FailedDropoffFollowUp = (typeof FAILED_DROPOFF_FOLLOW_UPS)[number];

export interface FailedDropoffPolicy {
  then: FailedDropoffFollowUp;
  maxAttempts: number;
}

export const DEFAULT_FAILED_DROPOFF_POLICY: FailedDropoffPolicy = { then: 'return', maxAttempts: 1 };
export const MAX_DROPOFF_ATTEMPTS = 5;

/**
 * When a delivery is late, in minutes: not assigned a driver this long before its pickup
 * starts; not picked up this long after its pickup time (a booked window's end, or the ship
 * date); in one state this long. A drop-off is late when its ETA or the clock passes its
 * window's end (or the delivery date).
 */
export interface LatenessPolicy {
  unassignedMinutesBeforePickup: number;
  pickupGraceMinutes: number;
  stalledMinutes: number;
}

export const DEFAULT_LATENESS_POLICY: LatenessPolicy = { unassignedMinutesBeforePickup: 30, pickupGraceMinutes: 30, stalledMinutes: 60 };

/** Requests per minute an account may make through the API, across its apps and for each app. */
export interface RateLimits {
  perAccountPerMinute: number;
  perAppPerMinute: number;
}

/**
 * An integration's credentials (spec 5.1-5.3). `clientId` never changes; the secret is
 * kept only as a hash, and `secretGeneration` grows on every regeneration so tokens
 * issued under an older secret stop working at once.
 */
export interface ClientApp {
  clientId: string;
  accountId: string;
  name: string;
  secretHash: string;
  /** Verifies legacy-path request signatures; derived from the secret (client-secret.ts). */
  signingKey: string;
  secretGeneration: number;
  createdAt: string;
  secretRotatedAt: string;
  /**
   * Set for a fleet's own app (role `fleet`): it may call only the fleet API, and only on
   * the tasks dispatched to this fleet of the account. Absent for an integration app.
   */
  fleetId?: number | null;
  /**
   * Set on the apps the sandbox fleet running in this process made for itself (remade at
   * each start, their secrets held in memory): the console neither deletes them nor changes their secret.
   */
  managedBy?: 'sandbox' | null;
}

/**
 * A carrier and service level the account has set up (spec 1.7). Create Order finds one
 * by `carrierCode` + `serviceLevel`; its rates price the shipment.
 */
export interface ServicePlan {
  accountId: string;
  carrierCode: string;
  serviceLevel: string;
  carrierName: string;
  currency: string;
  baseCharge: number;
  perKgCharge: number;
  /** How Same-Day dispatch picks among the fleets serving the plan; absent, the fleets in id order. */
  dispatchPolicy?: DispatchPolicy | null;
  /** What every delivery of the plan requires at its drop-off, besides what its ship request asks; absent, nothing. */
  requirements?: DeliveryRequirements | null;
  /** Moves on at every store of the plan: a replace made from an older one is refused (AccountRepository.replaceServicePlan). */
  revision?: number;
}

/**
 * A plan's rule for choosing a fleet: the strategy ranks the fleets allowed (all when
 * `allowedFleetIds` is null) whose fee is within `maxFee` (minor units of the plan's
 * currency; null, any), and the ranking is also the fallback chain.
 */
export interface DispatchPolicy {
  strategy: DispatchStrategy;
  /** The preferred order for `preferred`, and the tie-break of the others; fleets not named come after, by id. */
  preferredFleetIds: number[];
  maxFee: number | null;
  allowedFleetIds: number[] | null;
}
