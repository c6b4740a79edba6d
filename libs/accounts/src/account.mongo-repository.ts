import { Schema, type Connection, type Model } from 'mongoose';
import { openMongoConnection } from '@delivery/config/mongo';
import type {
  Account,
  AccountBrand,
  ClientApp,
  DeliveryPolicies,
  FailedDropoffPolicy,
  LatenessPolicy,
  ProofMediaPolicy,
  RateLimits,
  ServicePlan,
} from './account';
import type { NotificationSettings } from './notification-settings';
import type { AccountUser, UserRole } from './account-user';
import type { AccountRepository } from './account.repository';
import type { Driver, DriverSession } from './driver';
import type { Fleet } from './fleet';
import type { WebhookEndpoint } from './webhook-endpoint';
import { revised } from './revision';

const accountSchema = new Schema(
  {
    _id: String,
    name: String,
    createdAt: String,
    rateLimits: { type: Schema.Types.Mixed, default: undefined },
    lateness: { type: Schema.Types.Mixed, default: undefined },
    failedDropoff: { type: Schema.Types.Mixed, default: undefined },
    notifications: { type: Schema.Types.Mixed, default: undefined },
    brand: { type: Schema.Types.Mixed, default: undefined },
    proofMedia: { type: Schema.Types.Mixed, default: undefined },
    policiesRevision: { type: Number, default: undefined },
  },
  { versionKey: false, minimize: false },
);

const accountOf = (doc: {
  _id: unknown;
  name: string;
  createdAt: string;
  rateLimits?: RateLimits | null;
  lateness?: LatenessPolicy | null;
  failedDropoff?: FailedDropoffPolicy | null;
  notifications?: NotificationSettings | null;
  brand?: AccountBrand | null;
  proofMedia?: ProofMediaPolicy | null;
  policiesRevision?: number;
}): Account => ({
  id: String(doc._id),
  name: doc.name,
  createdAt: doc.createdAt,
  ...(doc.rateLimits !== undefined && { rateLimits: doc.rateLimits }),
  ...(doc.lateness !== undefined && { lateness: doc.lateness }),
  ...(doc.failedDropoff !== undefined && { failedDropoff: doc.failedDropoff }),
  ...(doc.notifications !== undefined && { notifications: doc.notifications }),
  ...(doc.brand !== undefined && { brand: doc.brand }),
  ...(doc.proofMedia !== undefined && { proofMedia: doc.proofMedia }),
  ...(doc.policiesRevision !== undefined && { policiesRevision: doc.policiesRevision }),
});

const clientAppSchema = new Schema(
  {
    _id: String,
    accountId: { type: String, index: true },
    name: String,
    secretHash: String,
    signingKey: String,
    secretGeneration: Number,
    createdAt: String,
    secretRotatedAt: String,
    fleetId: Number,
    managedBy: { type: String, default: undefined },
  },
  { versionKey: false, minimize: false },
);

const servicePlanSchema = new Schema(
  {
    accountId: String,
    carrierCode: String,
    serviceLevel: String,
    carrierName: String,
    currency: String,
    baseCharge: Number,
    perKgCharge: Number,
    dispatchPolicy: { type: Schema.Types.Mixed, default: undefined },
    requirements: { type: Schema.Types.Mixed, default: undefined },
    revision: { type: Number, default: undefined },
  },
  { versionKey: false, minimize: false },
);
servicePlanSchema.index({ accountId: 1, carrierCode: 1, serviceLevel: 1 }, { unique: true });

const fleetSchema = new Schema(
  {
    accountId: String,
    id: Number,
    name: String,
    fleetType: Number,
    externalTeamId: String,
    carrierCodes: [String],
    serviceLevels: [String],
    serviceArea: { type: Schema.Types.Mixed, default: undefined },
    capabilities: { type: Schema.Types.Mixed, default: undefined },
    connector: Schema.Types.Mixed,
    driverAssignment: { type: String, default: undefined },
    revision: { type: Number, default: undefined },
  },
  { versionKey: false, minimize: false },
);
fleetSchema.index({ accountId: 1, id: 1 }, { unique: true });

const webhookEndpointSchema = new Schema(
  {
    _id: String,
    accountId: { type: String, index: true },
    url: String,
    eventTypes: [String],
    credentials: Schema.Types.Mixed,
    secrets: Schema.Types.Mixed,
    createdAt: String,
    disabledAt: String,
    disabledReason: String,
    revision: { type: Number, default: undefined },
  },
  { versionKey: false, minimize: false },
);

const accountUserSchema = new Schema(
  {
    _id: String,
    accountId: { type: String, index: true },
    email: { type: String, index: true },
    name: String,
    role: String,
    passwordHash: String,
    createdAt: String,
  },
  { versionKey: false, minimize: false },
);

const driverSchema = new Schema(
  {
    _id: String,
    accountId: String,
    fleetId: Number,
    name: String,
    phone: String,
    email: { type: String, default: null },
    createdAt: String,
  },
  { versionKey: false, minimize: false },
);
// An account's drivers, one per phone (the sign-in's lookup); a fleet's listing, oldest first, served by an index of its own.
driverSchema.index({ accountId: 1, phone: 1 }, { unique: true });
driverSchema.index({ accountId: 1, fleetId: 1, createdAt: 1, _id: 1 });

const driverSessionSchema = new Schema(
  {
    _id: String,
    accountId: String,
    driverId: String,
    tokenHash: String,
    device: String,
    createdAt: String,
    lastUsedAt: String,
    expiresAt: String,
    // The same moment as a date, for the TTL index: MongoDB removes a session once it has expired.
    expiresOn: Date,
  },
  { versionKey: false, minimize: false },
);
driverSessionSchema.index({ tokenHash: 1 }, { unique: true });
driverSessionSchema.index({ driverId: 1, createdAt: 1, _id: 1 });
driverSessionSchema.index({ expiresOn: 1 }, { expireAfterSeconds: 0 });

// An email is one user per account; another account may have a user with it too.
accountUserSchema.index({ accountId: 1, email: 1 }, { unique: true });

const DUPLICATE_KEY = 11000;

/** Inserts, answering false when a unique index says the record (or its email, phone or id) is taken. */
async function insertedUnlessTaken(insert: () => Promise<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === DUPLICATE_KEY) return false;
    throw error;
  }
}

type Doc<T> = T & { _id?: unknown };
/** A filter matching the stored setting only while it is at the revision this one was read at (never revised: 0 or none). */
const atRevisionOf = ({ revision }: { revision?: number }) => ({ revision: revision ? revision : { $in: [0, null] } });

const strip = <T>({ _id, ...rest }: Doc<T>): T => rest as T;
/**
 * Apps, endpoints and users keep their identity in `_id` alone: a second copy would be a
 * path the schema must declare, or strict mode drops it on every write.
 */
const identified =
  <T>(key: keyof T) =>
  ({ _id, ...rest }: Doc<T>): T =>
    ({ ...rest, [key]: String(_id) }) as T;
const appOf = identified<ClientApp>('clientId');
const endpointOf = identified<WebhookEndpoint>('id');
const userOf = identified<AccountUser>('id');
const driverOf = identified<Driver>('id');
const driverSessionOf = (doc: Doc<DriverSession> & { expiresOn?: Date }): DriverSession => {
  const { expiresOn: _, ...session } = identified<DriverSession>('id')(doc) as DriverSession & { expiresOn?: Date };
  return session;
};

export class MongoAccountRepository implements AccountRepository {
  private readonly accounts: Model<Doc<Account>>;
  private readonly apps: Model<Doc<ClientApp>>;
  private readonly plans: Model<Doc<ServicePlan>>;
  private readonly fleets: Model<Doc<Fleet>>;
  private readonly webhooks: Model<Doc<WebhookEndpoint>>;
  private readonly users: Model<Doc<AccountUser>>;
  private readonly drivers: Model<Doc<Driver>>;
  private readonly driverSessions: Model<Doc<DriverSession & { expiresOn: Date }>>;

  private constructor(private readonly connection: Connection) {
    this.accounts = connection.model<Doc<Account>>('Account', accountSchema, 'accounts');
    this.apps = connection.model<Doc<ClientApp>>('ClientApp', clientAppSchema, 'client_apps');
    this.plans = connection.model<Doc<ServicePlan>>('ServicePlan', servicePlanSchema, 'service_plans');
    this.fleets = connection.model<Doc<Fleet>>('Fleet', fleetSchema, 'fleets');
    this.webhooks = connection.model<Doc<WebhookEndpoint>>('WebhookEndpoint', webhookEndpointSchema, 'webhook_endpoints');
    this.users = connection.model<Doc<AccountUser>>('AccountUser', accountUserSchema, 'account_users');
    this.drivers = connection.model<Doc<Driver>>('Driver', driverSchema, 'drivers');
    this.driverSessions = connection.model<Doc<DriverSession & { expiresOn: Date }>>(
      'DriverSession',
      driverSessionSchema,
      'driver_sessions',
    );
  }

  static async connect(url: string): Promise<MongoAccountRepository> {
    return MongoAccountRepository.open(await openMongoConnection(url));
  }

  /** Over an open connection, which it closes when closed (a connection other stores share too: a second close does nothing). */
  static async open(connection: Connection): Promise<MongoAccountRepository> {
    const repository = new MongoAccountRepository(connection);
    await Promise.all([
      repository.apps.createIndexes(),
      repository.plans.createIndexes(),
      repository.fleets.createIndexes(),
      repository.webhooks.createIndexes(),
      repository.users.createIndexes(),
      repository.drivers.createIndexes(),
      repository.driverSessions.createIndexes(),
    ]);
    return repository;
  }

  async createAccount(account: Account): Promise<boolean> {
    const result = await this.accounts.updateOne(
      { _id: account.id },
      {
        $setOnInsert: {
          name: account.name,
          createdAt: account.createdAt,
          ...(account.rateLimits && { rateLimits: account.rateLimits }),
          ...(account.lateness && { lateness: account.lateness }),
          ...(account.failedDropoff && { failedDropoff: account.failedDropoff }),
        },
      },
      { upsert: true },
    );
    return result.upsertedCount === 1;
  }

  async getAccount(id: string): Promise<Account | null> {
    const doc = await this.accounts.findById(id).lean();
    return doc ? accountOf(doc) : null;
  }

  async listAccounts(): Promise<Account[]> {
    const docs = await this.accounts.find().sort({ _id: 1 }).lean();
    return docs.map(accountOf);
  }

  async setRateLimits(accountId: string, limits: RateLimits | null): Promise<boolean> {
    const result = await this.accounts.updateOne({ _id: accountId }, { $set: { rateLimits: limits } });
    return result.matchedCount === 1;
  }

  async setDeliveryPolicies(accountId: string, policies: DeliveryPolicies, ifRevision?: number): Promise<boolean> {
    // Only the policies named: an absent one is left as it is, not cleared.
    const given = Object.fromEntries(Object.entries(policies).filter(([, policy]) => policy !== undefined));
    // `null` matches an account whose revision was never set, as 0 does.
    const filter =
      ifRevision === undefined
        ? { _id: accountId }
        : { _id: accountId, policiesRevision: ifRevision === 0 ? { $in: [0, null] } : ifRevision };
    const update = Object.keys(given).length === 0 ? { $inc: { policiesRevision: 1 } } : { $set: given, $inc: { policiesRevision: 1 } };
    const result = await this.accounts.updateOne(filter, update);
    return result.matchedCount === 1;
  }

  async createClientApp(app: ClientApp): Promise<void> {
    const { clientId, ...fields } = app;
    await this.apps.create({ _id: clientId, ...fields });
  }

  async getClientApp(clientId: string): Promise<ClientApp | null> {
    const doc = await this.apps.findById(clientId).lean();
    return doc ? appOf(doc) : null;
  }

  async listClientApps(accountId: string): Promise<ClientApp[]> {
    const docs = await this.apps.find({ accountId }).sort({ createdAt: 1, _id: 1 }).lean();
    return docs.map(appOf);
  }

  async upgradeSecretHash(clientId: string, expectedHash: string, secretHash: string): Promise<boolean> {
    const result = await this.apps.updateOne({ _id: clientId, secretHash: expectedHash }, { $set: { secretHash } });
    return result.modifiedCount === 1;
  }

  async replaceSigningKey(clientId: string, expected: string, next: string): Promise<boolean> {
    const result = await this.apps.updateOne({ _id: clientId, signingKey: expected }, { $set: { signingKey: next } });
    return result.modifiedCount === 1;
  }

  async deleteClientApp(clientId: string): Promise<boolean> {
    return (await this.apps.deleteOne({ _id: clientId })).deletedCount === 1;
  }

  async replaceClientSecret(
    clientId: string,
    expectedGeneration: number,
    secret: { secretHash: string; signingKey: string },
    rotatedAt: string,
  ): Promise<boolean> {
    const result = await this.apps.updateOne(
      { _id: clientId, secretGeneration: expectedGeneration },
      { $set: { ...secret, secretRotatedAt: rotatedAt }, $inc: { secretGeneration: 1 } },
    );
    return result.modifiedCount === 1;
  }

  async putServicePlan(plan: ServicePlan): Promise<void> {
    const { accountId, carrierCode, serviceLevel } = plan;
    await this.plans.replaceOne({ accountId, carrierCode, serviceLevel }, revised(plan), { upsert: true });
  }

  async replaceServicePlan(plan: ServicePlan): Promise<boolean> {
    const { accountId, carrierCode, serviceLevel } = plan;
    const result = await this.plans.replaceOne({ accountId, carrierCode, serviceLevel, ...atRevisionOf(plan) }, revised(plan));
    return result.matchedCount === 1;
  }

  async findServicePlan(accountId: string, carrierCode: string, serviceLevel: string): Promise<ServicePlan | null> {
    const doc = await this.plans.findOne({ accountId, carrierCode, serviceLevel }).lean();
    return doc ? strip<ServicePlan>(doc) : null;
  }

  async listServicePlans(accountId: string): Promise<ServicePlan[]> {
    const docs = await this.plans.find({ accountId }).sort({ carrierCode: 1, serviceLevel: 1 }).lean();
    return docs.map((doc) => strip<ServicePlan>(doc));
  }

  async deleteServicePlan(accountId: string, carrierCode: string, serviceLevel: string): Promise<boolean> {
    return (await this.plans.deleteOne({ accountId, carrierCode, serviceLevel })).deletedCount === 1;
  }

  async putFleet(fleet: Fleet): Promise<void> {
    await this.fleets.replaceOne({ accountId: fleet.accountId, id: fleet.id }, revised(fleet), { upsert: true });
  }

  async replaceFleet(fleet: Fleet): Promise<boolean> {
    const result = await this.fleets.replaceOne({ accountId: fleet.accountId, id: fleet.id, ...atRevisionOf(fleet) }, revised(fleet));
    return result.matchedCount === 1;
  }

  async addFleet(fleet: Fleet): Promise<boolean> {
    return insertedUnlessTaken(() => this.fleets.create(fleet));
  }

  async listFleets(accountId: string): Promise<Fleet[]> {
    const docs = await this.fleets.find({ accountId }).sort({ id: 1 }).lean();
    return docs.map((doc) => strip<Fleet>(doc));
  }

  async getFleet(accountId: string, fleetId: number): Promise<Fleet | null> {
    const doc = await this.fleets.findOne({ accountId, id: fleetId }).lean();
    return doc ? strip<Fleet>(doc) : null;
  }

  async deleteFleet(accountId: string, fleetId: number): Promise<boolean> {
    return (await this.fleets.deleteOne({ accountId, id: fleetId })).deletedCount === 1;
  }

  async putWebhookEndpoint(endpoint: WebhookEndpoint): Promise<void> {
    const { id, ...fields } = revised(endpoint);
    await this.webhooks.replaceOne({ _id: id }, { _id: id, ...fields }, { upsert: true });
  }

  async replaceWebhookEndpoint(endpoint: WebhookEndpoint): Promise<boolean> {
    const { id, ...fields } = revised(endpoint);
    const result = await this.webhooks.replaceOne({ _id: id, ...atRevisionOf(endpoint) }, { _id: id, ...fields });
    return result.matchedCount === 1;
  }

  async getWebhookEndpoint(id: string): Promise<WebhookEndpoint | null> {
    const doc = await this.webhooks.findById(id).lean();
    return doc ? endpointOf(doc) : null;
  }

  async listWebhookEndpoints(accountId: string): Promise<WebhookEndpoint[]> {
    const docs = await this.webhooks.find({ accountId }).sort({ createdAt: 1, _id: 1 }).lean();
    return docs.map(endpointOf);
  }
  async deleteWebhookEndpoint(id: string): Promise<boolean> {
    return (await this.webhooks.deleteOne({ _id: id })).deletedCount === 1;
  }

  async setWebhookEndpointDisabled(id: string, disabled: { at: string; reason: string } | null): Promise<boolean> {
    const result = await this.webhooks.updateOne(
      { _id: id },
      { $set: { disabledAt: disabled?.at ?? null, disabledReason: disabled?.reason ?? null }, $inc: { revision: 1 } },
    );
    return result.matchedCount === 1;
  }

  async createDriver(driver: Driver): Promise<boolean> {
    const { id, ...fields } = driver;
    return insertedUnlessTaken(() => this.drivers.create({ _id: id, ...fields }));
  }

  async getDriver(id: string): Promise<Driver | null> {
    const doc = await this.drivers.findById(id).lean();
    return doc ? driverOf(doc) : null;
  }

  async listDrivers(accountId: string, fleetId: number): Promise<Driver[]> {
    const docs = await this.drivers.find({ accountId, fleetId }).sort({ createdAt: 1, _id: 1 }).lean();
    return docs.map(driverOf);
  }

  async findDriverByPhone(accountId: string, phone: string): Promise<Driver | null> {
    const doc = await this.drivers.findOne({ accountId, phone }).lean();
    return doc ? driverOf(doc) : null;
  }

  async deleteDriver(id: string): Promise<boolean> {
    const deleted = (await this.drivers.deleteOne({ _id: id })).deletedCount === 1;
    // After the driver: a session left by a crash between the two finds no driver, and is refused.
    await this.driverSessions.deleteMany({ driverId: id });
    return deleted;
  }

  async createDriverSession(session: DriverSession): Promise<void> {
    const { id, ...fields } = session;
    await this.driverSessions.create({ _id: id, ...fields, expiresOn: new Date(session.expiresAt) });
  }

  async findDriverSession(tokenHash: string, now: Date): Promise<DriverSession | null> {
    // The TTL monitor runs once a minute: an expired session it has not reached yet is no session.
    const doc = await this.driverSessions.findOne({ tokenHash, expiresAt: { $gt: now.toISOString() } }).lean();
    return doc ? driverSessionOf(doc) : null;
  }

  async listDriverSessions(accountId: string, driverId: string, now: Date): Promise<DriverSession[]> {
    const docs = await this.driverSessions
      .find({ driverId, accountId, expiresAt: { $gt: now.toISOString() } })
      .sort({ createdAt: 1, _id: 1 })
      .lean();
    return docs.map(driverSessionOf);
  }

  async touchDriverSession(tokenHash: string, at: string): Promise<void> {
    await this.driverSessions.updateOne({ tokenHash }, { $set: { lastUsedAt: at } });
  }

  async deleteDriverSession(accountId: string, driverId: string, sessionId: string): Promise<boolean> {
    return (await this.driverSessions.deleteOne({ _id: sessionId, accountId, driverId })).deletedCount === 1;
  }

  async createUser(user: AccountUser): Promise<boolean> {
    const { id, ...fields } = user;
    return insertedUnlessTaken(() => this.users.create({ _id: id, ...fields }));
  }

  async getUser(id: string): Promise<AccountUser | null> {
    const doc = await this.users.findById(id).lean();
    return doc ? userOf(doc) : null;
  }

  async findUsersByEmail(email: string): Promise<AccountUser[]> {
    const docs = await this.users.find({ email }).sort({ createdAt: 1, _id: 1 }).lean();
    return docs.map(userOf);
  }

  async listUsers(accountId: string): Promise<AccountUser[]> {
    const docs = await this.users.find({ accountId }).sort({ createdAt: 1, _id: 1 }).lean();
    return docs.map(userOf);
  }

  async setUserRole(id: string, role: UserRole): Promise<boolean> {
    return (await this.users.updateOne({ _id: id }, { $set: { role } })).matchedCount === 1;
  }

  async setUserPassword(id: string, passwordHash: string): Promise<boolean> {
    return (await this.users.updateOne({ _id: id }, { $set: { passwordHash } })).matchedCount === 1;
  }

  async deleteUser(id: string): Promise<boolean> {
    return (await this.users.deleteOne({ _id: id })).deletedCount === 1;
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}
