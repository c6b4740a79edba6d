import { type EmbeddedKey, type EmbeddedStore, type EmbeddedTable, openRecordTable } from '@delivery/embedded-store';
import type { Account, ClientApp, DeliveryPolicies, RateLimits, ServicePlan } from './account';
import type { AccountUser, UserRole } from './account-user';
import type { AccountRepository } from './account.repository';
import type { Fleet } from './fleet';
import type { Driver, DriverSession } from './driver';
import type { WebhookEndpoint } from './webhook-endpoint';
import { atRevision, revised } from './revision';

/** lmdb's own remove answers true whether or not the key was there. */
function removeExisting<V, K extends EmbeddedKey>(table: EmbeddedTable<V, K>, key: K): Promise<boolean> {
  return table.transaction(() => table.get(key) !== undefined && table.removeSync(key));
}

/** Stores `setting` at the next revision only while the stored one is at the revision it was read at. */
function replacedAtRevision<V extends { revision?: number }, K extends EmbeddedKey>(table: EmbeddedTable<V, K>, key: K, setting: V) {
  return table.transaction(() => atRevision(table.get(key), setting) && (table.putSync(key, revised(setting)), true));
}

type DriverFleetKey = [accountId: string, fleetId: number, phone: string];
const fleetKey = (driver: Driver): DriverFleetKey => [driver.accountId, driver.fleetId, driver.phone];
type DriverPhoneKey = [accountId: string, phone: string];
const phoneKey = (driver: Driver): DriverPhoneKey => [driver.accountId, driver.phone];
type DriverSessionKey = [driverId: string, sessionId: string];
const unexpired = (session: DriverSession | undefined, now: Date) => (session && session.expiresAt > now.toISOString() ? session : null);

type PlanKey = [accountId: string, carrierCode: string, serviceLevel: string];
type FleetKey = [accountId: string, fleetId: number];

export class EmbeddedAccountRepository implements AccountRepository {
  private readonly accounts: EmbeddedTable<Account, string>;
  private readonly apps: EmbeddedTable<ClientApp, string>;
  private readonly plans: EmbeddedTable<ServicePlan, PlanKey>;
  private readonly fleets: EmbeddedTable<Fleet, FleetKey>;
  private readonly webhooks: EmbeddedTable<WebhookEndpoint, string>;
  private readonly users: EmbeddedTable<AccountUser, string>;
  private readonly drivers: EmbeddedTable<Driver, string>;
  /** [accountId, fleetId, phone] -> driver id, written in the driver's transaction: a fleet's drivers. */
  private readonly fleetDrivers: EmbeddedTable<string, DriverFleetKey>;
  /** [accountId, phone] -> driver id, written in the driver's transaction: one driver per phone in an account. */
  private readonly driverPhones: EmbeddedTable<string, DriverPhoneKey>;
  /** Token hash -> session: the lookup of every call a driver makes. */
  private readonly driverSessions: EmbeddedTable<DriverSession, string>;
  /** [driverId, sessionId] -> token hash, written in the session's transaction: a driver's devices. */
  private readonly sessionsOfDrivers: EmbeddedTable<string, DriverSessionKey>;
  /** `email\naccountId` -> user id, written in the user's transaction. */
  private readonly userEmails: EmbeddedTable<string, string>;

  constructor(store: EmbeddedStore) {
    this.accounts = openRecordTable<Account, string>(store, 'accounts');
    this.apps = openRecordTable<ClientApp, string>(store, 'client-apps');
    this.plans = openRecordTable<ServicePlan, PlanKey>(store, 'service-plans');
    this.fleets = openRecordTable<Fleet, FleetKey>(store, 'fleets');
    this.webhooks = openRecordTable<WebhookEndpoint, string>(store, 'webhook-endpoints');
    this.users = openRecordTable<AccountUser, string>(store, 'account-users');
    this.drivers = openRecordTable<Driver, string>(store, 'drivers');
    this.fleetDrivers = store.openDB<string, DriverFleetKey>({ name: 'driver-phones-by-fleet' });
    this.driverPhones = store.openDB<string, DriverPhoneKey>({ name: 'driver-phones-by-account' });
    this.driverSessions = openRecordTable<DriverSession, string>(store, 'driver-sessions');
    this.sessionsOfDrivers = store.openDB<string, DriverSessionKey>({ name: 'driver-sessions-by-driver' });
    this.userEmails = store.openDB<string, string>({ name: 'account-user-emails-by-account' });
    // Stores written when a phone was one driver per fleet lack this index: build it from the drivers.
    if (this.driverPhones.getKeysCount() === 0) {
      for (const { value: driver } of this.drivers.getRange()) this.driverPhones.putSync(phoneKey(driver), driver.id);
    }
    // Stores written when emails were unique across accounts had another index: build this one from the users.
    if (this.userEmails.getKeysCount() === 0) {
      for (const { value: user } of this.users.getRange()) this.userEmails.putSync(emailKey(user), user.id);
    }
  }

  async createAccount(account: Account): Promise<boolean> {
    return this.accounts.ifNoExists(account.id, () => this.accounts.put(account.id, account));
  }

  async getAccount(id: string): Promise<Account | null> {
    return this.accounts.get(id) ?? null;
  }

  async listAccounts(): Promise<Account[]> {
    return [...this.accounts.getRange()].map((entry) => entry.value);
  }

  async setRateLimits(accountId: string, limits: RateLimits | null): Promise<boolean> {
    return this.accounts.transaction(() => {
      const account = this.accounts.get(accountId);
      if (!account) return false;
      this.accounts.put(accountId, { ...account, rateLimits: limits });
      return true;
    });
  }

  async setDeliveryPolicies(accountId: string, policies: DeliveryPolicies, ifRevision?: number): Promise<boolean> {
    return this.accounts.transaction(() => {
      const account = this.accounts.get(accountId);
      const revision = account?.policiesRevision ?? 0;
      if (!account || (ifRevision !== undefined && revision !== ifRevision)) return false;
      // As the MongoDB adapter: a policy left undefined is left as it is, not cleared.
      const given = Object.fromEntries(Object.entries(policies).filter(([, policy]) => policy !== undefined));
      this.accounts.put(accountId, { ...account, ...given, policiesRevision: revision + 1 });
      return true;
    });
  }

  async createClientApp(app: ClientApp): Promise<void> {
    const stored = await this.apps.ifNoExists(app.clientId, () => this.apps.put(app.clientId, app));
    if (!stored) throw new Error(`client app ${app.clientId} exists already`);
  }

  async getClientApp(clientId: string): Promise<ClientApp | null> {
    return this.apps.get(clientId) ?? null;
  }

  async listClientApps(accountId: string): Promise<ClientApp[]> {
    return [...this.apps.getRange()].map((entry) => entry.value).filter((app) => app.accountId === accountId);
  }

  async upgradeSecretHash(clientId: string, expectedHash: string, secretHash: string): Promise<boolean> {
    return this.apps.transaction(() => {
      const app = this.apps.get(clientId);
      if (app?.secretHash !== expectedHash) return false;
      this.apps.put(clientId, { ...app, secretHash });
      return true;
    });
  }

  async deleteClientApp(clientId: string): Promise<boolean> {
    return removeExisting(this.apps, clientId);
  }

  async replaceClientSecret(
    clientId: string,
    expectedGeneration: number,
    secret: { secretHash: string; signingKey: string },
    rotatedAt: string,
  ): Promise<boolean> {
    return this.apps.transaction(() => {
      const app = this.apps.get(clientId);
      if (!app || app.secretGeneration !== expectedGeneration) return false;
      this.apps.put(clientId, { ...app, ...secret, secretGeneration: expectedGeneration + 1, secretRotatedAt: rotatedAt });
      return true;
    });
  }

  async replaceSigningKey(clientId: string, expected: string, next: string): Promise<boolean> {
    return this.apps.transaction(() => {
      const app = this.apps.get(clientId);
      if (!app || app.signingKey !== expected) return false;
      this.apps.put(clientId, { ...app, signingKey: next });
      return true;
    });
  }

  async putServicePlan(plan: ServicePlan): Promise<void> {
    await this.plans.put([plan.accountId, plan.carrierCode, plan.serviceLevel], revised(plan));
  }

  async replaceServicePlan(plan: ServicePlan): Promise<boolean> {
    return replacedAtRevision(this.plans, [plan.accountId, plan.carrierCode, plan.serviceLevel], plan);
  }

  async findServicePlan(accountId: string, carrierCode: string, serviceLevel: string): Promise<ServicePlan | null> {
    return this.plans.get([accountId, carrierCode, serviceLevel]) ?? null;
  }

  async listServicePlans(accountId: string): Promise<ServicePlan[]> {
    return [...this.plans.getRange({ start: [accountId], end: [accountId, '\uffff'] })].map((entry) => entry.value);
  }

  async deleteServicePlan(accountId: string, carrierCode: string, serviceLevel: string): Promise<boolean> {
    return removeExisting(this.plans, [accountId, carrierCode, serviceLevel]);
  }

  async putFleet(fleet: Fleet): Promise<void> {
    await this.fleets.put([fleet.accountId, fleet.id], revised(fleet));
  }

  async replaceFleet(fleet: Fleet): Promise<boolean> {
    return replacedAtRevision(this.fleets, [fleet.accountId, fleet.id], fleet);
  }

  async addFleet(fleet: Fleet): Promise<boolean> {
    const key: FleetKey = [fleet.accountId, fleet.id];
    return this.fleets.transaction(() => this.fleets.get(key) === undefined && (this.fleets.putSync(key, fleet), true));
  }

  async listFleets(accountId: string): Promise<Fleet[]> {
    return [...this.fleets.getRange({ start: [accountId], end: [accountId, Number.MAX_SAFE_INTEGER] })].map((entry) => entry.value);
  }

  async getFleet(accountId: string, fleetId: number): Promise<Fleet | null> {
    return this.fleets.get([accountId, fleetId]) ?? null;
  }

  async deleteFleet(accountId: string, fleetId: number): Promise<boolean> {
    return removeExisting(this.fleets, [accountId, fleetId]);
  }

  async putWebhookEndpoint(endpoint: WebhookEndpoint): Promise<void> {
    await this.webhooks.put(endpoint.id, revised(endpoint));
  }

  async replaceWebhookEndpoint(endpoint: WebhookEndpoint): Promise<boolean> {
    return replacedAtRevision(this.webhooks, endpoint.id, endpoint);
  }

  async getWebhookEndpoint(id: string): Promise<WebhookEndpoint | null> {
    return this.webhooks.get(id) ?? null;
  }

  async listWebhookEndpoints(accountId: string): Promise<WebhookEndpoint[]> {
    return [...this.webhooks.getRange()]
      .map((entry) => entry.value)
      .filter((endpoint) => endpoint.accountId === accountId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async deleteWebhookEndpoint(id: string): Promise<boolean> {
    return removeExisting(this.webhooks, id);
  }

  async setWebhookEndpointDisabled(id: string, disabled: { at: string; reason: string } | null): Promise<boolean> {
    return this.webhooks.transaction(() => {
      const endpoint = this.webhooks.get(id);
      if (!endpoint) return false;
      this.webhooks.put(id, revised({ ...endpoint, disabledAt: disabled?.at ?? null, disabledReason: disabled?.reason ?? null }));
      return true;
    });
  }

  async createDriver(driver: Driver): Promise<boolean> {
    return this.drivers.transaction(() => {
      if (this.driverPhones.get(phoneKey(driver)) !== undefined || this.drivers.get(driver.id) !== undefined) return false;
      this.driverPhones.putSync(phoneKey(driver), driver.id);
      this.fleetDrivers.putSync(fleetKey(driver), driver.id);
      this.drivers.putSync(driver.id, driver);
      return true;
    });
  }

  async getDriver(id: string): Promise<Driver | null> {
    return this.drivers.get(id) ?? null;
  }

  async findDriverByPhone(accountId: string, phone: string): Promise<Driver | null> {
    const id = this.driverPhones.get([accountId, phone]);
    return (id !== undefined && this.drivers.get(id)) || null;
  }

  async listDrivers(accountId: string, fleetId: number): Promise<Driver[]> {
    return [...this.fleetDrivers.getRange({ start: [accountId, fleetId], end: [accountId, fleetId, '\uffff'] })]
      .map(({ value: id }) => this.drivers.get(id))
      .filter((driver): driver is Driver => driver !== undefined)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async deleteDriver(id: string): Promise<boolean> {
    return this.drivers.transaction(() => {
      const driver = this.drivers.get(id);
      if (!driver) return false;
      this.driverPhones.removeSync(phoneKey(driver));
      this.fleetDrivers.removeSync(fleetKey(driver));
      for (const { key, value: tokenHash } of [...this.sessionsOfDrivers.getRange({ start: [id], end: [id, '\uffff'] })]) {
        this.driverSessions.removeSync(tokenHash);
        this.sessionsOfDrivers.removeSync(key);
      }
      this.drivers.removeSync(id);
      return true;
    });
  }

  async createDriverSession(session: DriverSession): Promise<void> {
    await this.driverSessions.transaction(() => {
      // Expired sessions go when their driver signs in again (MongoDB's TTL index removes them there).
      for (const { key, value: tokenHash } of [
        ...this.sessionsOfDrivers.getRange({ start: [session.driverId], end: [session.driverId, '\uffff'] }),
      ]) {
        if (unexpired(this.driverSessions.get(tokenHash), new Date(session.createdAt))) continue;
        this.driverSessions.removeSync(tokenHash);
        this.sessionsOfDrivers.removeSync(key);
      }
      this.driverSessions.putSync(session.tokenHash, session);
      this.sessionsOfDrivers.putSync([session.driverId, session.id], session.tokenHash);
    });
  }

  async findDriverSession(tokenHash: string, now: Date): Promise<DriverSession | null> {
    return unexpired(this.driverSessions.get(tokenHash), now);
  }

  async listDriverSessions(accountId: string, driverId: string, now: Date): Promise<DriverSession[]> {
    return [...this.sessionsOfDrivers.getRange({ start: [driverId], end: [driverId, '\uffff'] })]
      .map(({ value: tokenHash }) => unexpired(this.driverSessions.get(tokenHash), now))
      .filter((session): session is DriverSession => session !== null && session.accountId === accountId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async touchDriverSession(tokenHash: string, at: string): Promise<void> {
    await this.driverSessions.transaction(() => {
      const session = this.driverSessions.get(tokenHash);
      if (session) this.driverSessions.putSync(tokenHash, { ...session, lastUsedAt: at });
    });
  }

  async deleteDriverSession(accountId: string, driverId: string, sessionId: string): Promise<boolean> {
    return this.driverSessions.transaction(() => {
      const tokenHash = this.sessionsOfDrivers.get([driverId, sessionId]);
      const session = tokenHash === undefined ? undefined : this.driverSessions.get(tokenHash);
      if (!session || session.accountId !== accountId) return false;
      this.driverSessions.removeSync(session.tokenHash);
      this.sessionsOfDrivers.removeSync([driverId, sessionId]);
      return true;
    });
  }

  async createUser(user: AccountUser): Promise<boolean> {
    return this.users.transaction(() => {
      if (this.userEmails.get(emailKey(user)) !== undefined || this.users.get(user.id) !== undefined) return false;
      this.userEmails.putSync(emailKey(user), user.id);
      this.users.putSync(user.id, user);
      return true;
    });
  }

  async getUser(id: string): Promise<AccountUser | null> {
    return this.users.get(id) ?? null;
  }

  async findUsersByEmail(email: string): Promise<AccountUser[]> {
    return [...this.userEmails.getRange({ start: `${email}\n`, end: `${email}\n\uffff` })]
      .map(({ value: id }) => this.users.get(id))
      .filter((user): user is AccountUser => user !== undefined)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async listUsers(accountId: string): Promise<AccountUser[]> {
    return [...this.users.getRange()]
      .map((entry) => entry.value)
      .filter((user) => user.accountId === accountId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async setUserRole(id: string, role: UserRole): Promise<boolean> {
    return this.changeUser(id, { role });
  }

  async setUserPassword(id: string, passwordHash: string): Promise<boolean> {
    return this.changeUser(id, { passwordHash });
  }

  private changeUser(id: string, change: Pick<Partial<AccountUser>, 'role' | 'passwordHash'>): Promise<boolean> {
    return this.users.transaction(() => {
      const user = this.users.get(id);
      if (!user) return false;
      this.users.putSync(id, { ...user, ...change });
      return true;
    });
  }

  async deleteUser(id: string): Promise<boolean> {
    return this.users.transaction(() => {
      const user = this.users.get(id);
      if (!user) return false;
      this.userEmails.removeSync(emailKey(user));
      this.users.removeSync(id);
      return true;
    });
  }

  async close(): Promise<void> {}
}

/** A normalized email holds no line break, so the account's id after one keeps every account's entry of an email together. */
const emailKey = (user: Pick<AccountUser, 'email' | 'accountId'>) => `${user.email}\n${user.accountId}`;
