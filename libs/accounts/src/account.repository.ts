import type { Account, ClientApp, DeliveryPolicies, RateLimits, ServicePlan } from './account';
import type { AccountReader } from './account-reader';
import type { AccountUser, UserRole } from './account-user';
import type { Driver, DriverSession } from './driver';
import type { Fleet } from './fleet';
import type { WebhookEndpoint } from './webhook-endpoint';

/** The accounts store: its read half, and the writes the account-settings use cases make. */
export interface AccountRepository extends AccountReader {
  /** False when an account with this id exists already. */
  createAccount(account: Account): Promise<boolean>;
  /** Sets the account's own limits (null: back to the defaults). False when there is no such account. */
  setRateLimits(accountId: string, limits: RateLimits | null): Promise<boolean>;
  /**
   * Sets each policy given (null: back to its default), leaving the others, and moves the
   * account's `policiesRevision` on; with `ifRevision`, only while the revision is still that one.
   * False when there is no such account, or another change came first.
   */
  setDeliveryPolicies(accountId: string, policies: DeliveryPolicies, ifRevision?: number): Promise<boolean>;
  createClientApp(app: ClientApp): Promise<void>;
  /** Replaces the secret (its hash and signing key) only if the app is still at `expectedGeneration`; false otherwise. */
  replaceClientSecret(
    clientId: string,
    expectedGeneration: number,
    secret: { secretHash: string; signingKey: string },
    rotatedAt: string,
  ): Promise<boolean>;
  /** Stores the same secret's hash in a newer scheme, only while the stored one is still `expectedHash`; false otherwise. */
  upgradeSecretHash(clientId: string, expectedHash: string, secretHash: string): Promise<boolean>;
  /** Stores the app's signing key as `next` only while it is still `expected` (a key rotation sealing it again); false otherwise. */
  replaceSigningKey(clientId: string, expected: string, next: string): Promise<boolean>;
  /** Removes the app: its secret and every token issued under it stop working at once. False when there is none. */
  deleteClientApp(clientId: string): Promise<boolean>;
  /** Adds or replaces the plan for its carrier code and service level, at the revision after the plan's. */
  putServicePlan(plan: ServicePlan): Promise<void>;
  /**
   * Replaces the plan only while the stored one is still at `plan.revision` (absent: never
   * stored again), storing it at the next revision; false when it changed or went meanwhile.
   */
  replaceServicePlan(plan: ServicePlan): Promise<boolean>;
  /** False when there is none. */
  deleteServicePlan(accountId: string, carrierCode: string, serviceLevel: string): Promise<boolean>;
  /** Adds or replaces the fleet with this account and id, at the revision after the fleet's. */
  putFleet(fleet: Fleet): Promise<void>;
  /** As replaceServicePlan: only while the stored fleet is still at `fleet.revision`; false otherwise. */
  replaceFleet(fleet: Fleet): Promise<boolean>;
  /** Adds the fleet only if the account has none with its id: false when one came first (two adds racing for the next id). */
  addFleet(fleet: Fleet): Promise<boolean>;
  /** False when there is none. */
  deleteFleet(accountId: string, fleetId: number): Promise<boolean>;
  /** Adds or replaces the endpoint with this id, at the revision after the endpoint's. */
  putWebhookEndpoint(endpoint: WebhookEndpoint): Promise<void>;
  /** As replaceServicePlan: only while the stored endpoint is still at `endpoint.revision`; false otherwise. */
  replaceWebhookEndpoint(endpoint: WebhookEndpoint): Promise<boolean>;
  /** False when there is none. Its pending webhooks then fail as sent to no endpoint. */
  deleteWebhookEndpoint(id: string): Promise<boolean>;
  /**
   * Disables the endpoint (null enables it again) without touching the rest of it, so a
   * dispatcher's 410 never undoes an admin's concurrent change, and moves its revision on (a
   * change read before it is then made again over it). False when there is none.
   */
  setWebhookEndpointDisabled(id: string, disabled: { at: string; reason: string } | null): Promise<boolean>;
  /** False when the user's account has a user with this email already; other accounts may (docs/decisions.md). */
  createUser(user: AccountUser): Promise<boolean>;
  /** False when there is none. */
  setUserRole(id: string, role: UserRole): Promise<boolean>;
  /** False when there is none. */
  setUserPassword(id: string, passwordHash: string): Promise<boolean>;
  /** False when there is none. */
  deleteUser(id: string): Promise<boolean>;
  /** False when the driver's account has a driver with this phone already. */
  createDriver(driver: Driver): Promise<boolean>;
  /** False when there is none. Its sessions end with it. */
  deleteDriver(id: string): Promise<boolean>;
  createDriverSession(session: DriverSession): Promise<void>;
  /** Notes the session's use; nothing when it has gone. */
  touchDriverSession(tokenHash: string, at: string): Promise<void>;
  /** Ends the driver's session with this id (`dss_…`); false when the account's driver has none. */
  deleteDriverSession(accountId: string, driverId: string, sessionId: string): Promise<boolean>;

  close(): Promise<void>;
}
