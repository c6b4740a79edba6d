import type { Account, ClientApp, ServicePlan } from './account';
import type { AccountUser } from './account-user';
import type { Driver, DriverSession } from './driver';
import type { Fleet } from './fleet';
import type { WebhookEndpoint } from './webhook-endpoint';

/**
 * The accounts store's read half: what routes, commands and services read settings with.
 * Writes go through the account-settings use cases (./settings), which alone hold the
 * write half (AccountRepository, from @delivery/accounts/store).
 */
export interface AccountReader {
  getAccount(id: string): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;
  getClientApp(clientId: string): Promise<ClientApp | null>;
  listClientApps(accountId: string): Promise<ClientApp[]>;
  findServicePlan(accountId: string, carrierCode: string, serviceLevel: string): Promise<ServicePlan | null>;
  listServicePlans(accountId: string): Promise<ServicePlan[]>;
  listFleets(accountId: string): Promise<Fleet[]>;
  /** One fleet by its key, without reading the account's others (a stranger's call may ask); null when there is none. */
  getFleet(accountId: string, fleetId: number): Promise<Fleet | null>;
  getWebhookEndpoint(id: string): Promise<WebhookEndpoint | null>;
  listWebhookEndpoints(accountId: string): Promise<WebhookEndpoint[]>;
  getUser(id: string): Promise<AccountUser | null>;
  /** Every account's user with this normalized email, oldest first. */
  findUsersByEmail(email: string): Promise<AccountUser[]>;
  /** Oldest first. */
  listUsers(accountId: string): Promise<AccountUser[]>;
  getDriver(id: string): Promise<Driver | null>;
  /** The fleet's drivers, oldest first. */
  listDrivers(accountId: string, fleetId: number): Promise<Driver[]>;
  /** The account's driver with this E.164 phone (a sign-in), null when there is none. */
  findDriverByPhone(accountId: string, phone: string): Promise<Driver | null>;
  /** The session whose secret hashes to this, null when there is none or it has expired. */
  findDriverSession(tokenHash: string, now: Date): Promise<DriverSession | null>;
  /** The driver's sessions not expired, oldest first. */
  listDriverSessions(accountId: string, driverId: string, now: Date): Promise<DriverSession[]>;
}
