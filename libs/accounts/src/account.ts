/** A retailer using the service; owns client apps, service plans and orders. */
export interface Account {
  id: string;
  name: string;
  createdAt: string;
  /** The operator's limits for this account; absent means the gateway's defaults. */
  rateLimits?: RateLimits | null;
}

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
}
