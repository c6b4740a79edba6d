import type { Account, ClientApp, DeliveryPolicies, RateLimits, ServicePlan } from './account';
import type { AccountUser, UserRole } from './account-user';
import type { Driver, DriverSession } from './driver';
import type { AccountRepository } from './account.repository';
import type { Fleet } from './fleet';
import type { SecretBox } from './secret-box';
import type { WebhookCredentials, WebhookEndpoint } from './webhook-endpoint';
import { withNotificationSecrets } from './notification-settings';

type Transform = (value: string) => string;

const withAppSecrets = (app: ClientApp, t: Transform): ClientApp => ({ ...app, signingKey: t(app.signingKey) });

function credentialsWith(credentials: WebhookCredentials, t: Transform): WebhookCredentials {
  switch (credentials.kind) {
    case 'basic':
      return { ...credentials, password: t(credentials.password) };
    case 'bearer':
      return { ...credentials, token: t(credentials.token) };
    case 'headers':
      return { ...credentials, headers: Object.fromEntries(Object.entries(credentials.headers).map(([name, value]) => [name, t(value)])) };
    case 'oauth2':
      return {
        ...credentials,
        clientSecret: t(credentials.clientSecret),
        user: credentials.user && { ...credentials.user, password: t(credentials.user.password) },
      };
    default:
      return credentials;
  }
}

/** The endpoint with each secret it holds (signing secrets, the caller's credentials) passed through `t`. */
export const withEndpointSecrets = (endpoint: WebhookEndpoint, t: Transform): WebhookEndpoint => ({
  ...endpoint,
  credentials: credentialsWith(endpoint.credentials, t),
  secrets: endpoint.secrets.map((s) => ({ ...s, secret: t(s.secret) })),
});

/** The fleet with its secrets (a dispatch signing secret, a courier's key, secret and webhook key), if any, passed through `t`. */
export function withFleetSecrets(fleet: Fleet, t: Transform): Fleet {
  const { connector } = fleet;
  switch (connector.kind) {
    case 'rate-card':
      return fleet;
    case 'uber-direct':
      return {
        ...fleet,
        connector: {
          ...connector,
          clientSecret: t(connector.clientSecret),
          webhookSigningKey: connector.webhookSigningKey && t(connector.webhookSigningKey),
        },
      };
    case 'onfleet':
      return {
        ...fleet,
        connector: { ...connector, apiKey: t(connector.apiKey), webhookSecret: connector.webhookSecret && t(connector.webhookSecret) },
      };
    default:
      return connector.signingSecret ? { ...fleet, connector: { ...connector, signingSecret: t(connector.signingSecret) } } : fleet;
  }
}

/** The account with the secrets of its notification channels (Twilio's token, the SMTP password) passed through `t`. */
export const withAccountSecrets = (account: Account, t: Transform): Account =>
  account.notifications ? { ...account, notifications: withNotificationSecrets(account.notifications, t) } : account;

/**
 * The account store with every secret we must read back sealed at rest (docs/decisions.md,
 * "Secrets at rest"): an app's legacy signing key, an endpoint's signing secrets and the
 * credentials its caller gave, an HTTP fleet's dispatch signing secret. The adapter below
 * stores only sealed values; callers above see them open. Hashes (client secrets,
 * passwords) stay hashes.
 */
export class SealedAccountRepository implements AccountRepository {
  private readonly seal: Transform;
  private readonly open: Transform;

  constructor(
    private readonly inner: AccountRepository,
    box: SecretBox,
  ) {
    this.seal = (value) => box.seal(value);
    this.open = (value) => box.open(value);
  }

  createAccount(account: Account) {
    return this.inner.createAccount(withAccountSecrets(account, this.seal));
  }
  async getAccount(id: string) {
    const account = await this.inner.getAccount(id);
    return account && withAccountSecrets(account, this.open);
  }
  async listAccounts() {
    return (await this.inner.listAccounts()).map((account) => withAccountSecrets(account, this.open));
  }
  setRateLimits(accountId: string, limits: RateLimits | null) {
    return this.inner.setRateLimits(accountId, limits);
  }
  setDeliveryPolicies(accountId: string, policies: DeliveryPolicies, ifRevision?: number) {
    const { notifications } = policies;
    return this.inner.setDeliveryPolicies(
      accountId,
      notifications ? { ...policies, notifications: withNotificationSecrets(notifications, this.seal) } : policies,
      ifRevision,
    );
  }

  createClientApp(app: ClientApp) {
    return this.inner.createClientApp(withAppSecrets(app, this.seal));
  }
  async getClientApp(clientId: string) {
    const app = await this.inner.getClientApp(clientId);
    return app && withAppSecrets(app, this.open);
  }
  async listClientApps(accountId: string) {
    return (await this.inner.listClientApps(accountId)).map((app) => withAppSecrets(app, this.open));
  }
  replaceClientSecret(clientId: string, expectedGeneration: number, secret: { secretHash: string; signingKey: string }, rotatedAt: string) {
    return this.inner.replaceClientSecret(clientId, expectedGeneration, { ...secret, signingKey: this.seal(secret.signingKey) }, rotatedAt);
  }
  /** As stored: `expected` and `next` are sealed values (see resealStoredSecrets). */
  replaceSigningKey(clientId: string, expected: string, next: string) {
    return this.inner.replaceSigningKey(clientId, expected, next);
  }
  upgradeSecretHash(clientId: string, expectedHash: string, secretHash: string) {
    return this.inner.upgradeSecretHash(clientId, expectedHash, secretHash);
  }
  deleteClientApp(clientId: string) {
    return this.inner.deleteClientApp(clientId);
  }

  putServicePlan(plan: ServicePlan) {
    return this.inner.putServicePlan(plan);
  }
  replaceServicePlan(plan: ServicePlan) {
    return this.inner.replaceServicePlan(plan);
  }
  findServicePlan(accountId: string, carrierCode: string, serviceLevel: string) {
    return this.inner.findServicePlan(accountId, carrierCode, serviceLevel);
  }
  listServicePlans(accountId: string) {
    return this.inner.listServicePlans(accountId);
  }
  deleteServicePlan(accountId: string, carrierCode: string, serviceLevel: string) {
    return this.inner.deleteServicePlan(accountId, carrierCode, serviceLevel);
  }

  putFleet(fleet: Fleet) {
    return this.inner.putFleet(withFleetSecrets(fleet, this.seal));
  }
  replaceFleet(fleet: Fleet) {
    return this.inner.replaceFleet(withFleetSecrets(fleet, this.seal));
  }

  addFleet(fleet: Fleet) {
    return this.inner.addFleet(withFleetSecrets(fleet, this.seal));
  }
  async listFleets(accountId: string) {
    return (await this.inner.listFleets(accountId)).map((fleet) => withFleetSecrets(fleet, this.open));
  }
  async getFleet(accountId: string, fleetId: number) {
    const fleet = await this.inner.getFleet(accountId, fleetId);
    return fleet && withFleetSecrets(fleet, this.open);
  }
  deleteFleet(accountId: string, fleetId: number) {
    return this.inner.deleteFleet(accountId, fleetId);
  }

  putWebhookEndpoint(endpoint: WebhookEndpoint) {
    return this.inner.putWebhookEndpoint(withEndpointSecrets(endpoint, this.seal));
  }
  replaceWebhookEndpoint(endpoint: WebhookEndpoint) {
    return this.inner.replaceWebhookEndpoint(withEndpointSecrets(endpoint, this.seal));
  }
  async getWebhookEndpoint(id: string) {
    const endpoint = await this.inner.getWebhookEndpoint(id);
    return endpoint && withEndpointSecrets(endpoint, this.open);
  }
  async listWebhookEndpoints(accountId: string) {
    return (await this.inner.listWebhookEndpoints(accountId)).map((endpoint) => withEndpointSecrets(endpoint, this.open));
  }
  deleteWebhookEndpoint(id: string) {
    return this.inner.deleteWebhookEndpoint(id);
  }
  setWebhookEndpointDisabled(id: string, disabled: { at: string; reason: string } | null) {
    return this.inner.setWebhookEndpointDisabled(id, disabled);
  }

  createUser(user: AccountUser) {
    return this.inner.createUser(user);
  }
  createDriver(driver: Driver) {
    return this.inner.createDriver(driver);
  }
  getDriver(id: string) {
    return this.inner.getDriver(id);
  }
  listDrivers(accountId: string, fleetId: number) {
    return this.inner.listDrivers(accountId, fleetId);
  }
  deleteDriver(id: string) {
    return this.inner.deleteDriver(id);
  }
  findDriverByPhone(accountId: string, phone: string) {
    return this.inner.findDriverByPhone(accountId, phone);
  }
  createDriverSession(session: DriverSession) {
    return this.inner.createDriverSession(session);
  }
  findDriverSession(tokenHash: string, now: Date) {
    return this.inner.findDriverSession(tokenHash, now);
  }
  listDriverSessions(accountId: string, driverId: string, now: Date) {
    return this.inner.listDriverSessions(accountId, driverId, now);
  }
  touchDriverSession(tokenHash: string, at: string) {
    return this.inner.touchDriverSession(tokenHash, at);
  }
  deleteDriverSession(accountId: string, driverId: string, sessionId: string) {
    return this.inner.deleteDriverSession(accountId, driverId, sessionId);
  }
  getUser(id: string) {
    return this.inner.getUser(id);
  }
  findUsersByEmail(email: string) {
    return this.inner.findUsersByEmail(email);
  }
  listUsers(accountId: string) {
    return this.inner.listUsers(accountId);
  }
  setUserRole(id: string, role: UserRole) {
    return this.inner.setUserRole(id, role);
  }
  setUserPassword(id: string, passwordHash: string) {
    return this.inner.setUserPassword(id, passwordHash);
  }
  deleteUser(id: string) {
    return this.inner.deleteUser(id);
  }

  close() {
    return this.inner.close();
  }
}
