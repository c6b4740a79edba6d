import { randomBytes } from 'node:crypto';
import type { ClientApp, ServicePlan } from './account';
import type { AccountUser } from './account-user';
import type { Driver, DriverSession } from './driver';
import type { AccountRepository } from './account.repository';
import { describeAccountRoundTrips } from './account.round-trip.contract';
import { DEFAULT_RATE_CARD, type Fleet } from './fleet';
import { DEFAULT_NOTIFICATION_SETTINGS } from './notification-settings';
import type { WebhookEndpoint } from './webhook-endpoint';

export function describeAccountRepositoryContract(name: string, make: () => Promise<AccountRepository>, release?: () => Promise<void>) {
  describe(`AccountRepository contract: ${name}`, () => {
    let accounts: AccountRepository;
    const id = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;
    const app = (accountId: string, overrides: Partial<ClientApp> = {}): ClientApp => ({
      clientId: id('cli'),
      accountId,
      name: 'integration',
      secretHash: 'scrypt$hash',
      signingKey: 'key-1',
      secretGeneration: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      secretRotatedAt: '2026-01-01T00:00:00.000Z',
      ...overrides,
    });
    const plan = (accountId: string, overrides: Partial<ServicePlan> = {}): ServicePlan => ({
      accountId,
      carrierCode: 'OWN',
      serviceLevel: 'EXPRESS',
      carrierName: 'Own Fleet',
      currency: 'USD',
      baseCharge: 5,
      perKgCharge: 0.5,
      ...overrides,
    });
    const fleet = (accountId: string, fleetId: number, overrides: Partial<Fleet> = {}): Fleet => ({
      accountId,
      id: fleetId,
      name: `Fleet ${fleetId}`,
      fleetType: 0,
      externalTeamId: `team-${fleetId}`,
      carrierCodes: ['OWN'],
      serviceLevels: [],
      connector: { ...DEFAULT_RATE_CARD, currency: 'USD' },
      ...overrides,
    });

    const anEndpoint = (accountId: string, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
      id: id('whe'),
      accountId,
      url: 'https://hooks.example.com/delivery',
      eventTypes: [],
      credentials: { kind: 'none' },
      secrets: [{ secret: 'whsec_a', createdAt: '2026-01-01T00:00:00.000Z', expiresAt: null }],
      createdAt: '2026-01-01T00:00:00.000Z',
      disabledAt: null,
      disabledReason: null,
      ...overrides,
    });

    beforeAll(async () => {
      accounts = await make();
    });
    afterAll(async () => {
      await accounts.close();
      await release?.();
    });

    describeAccountRoundTrips(() => accounts);

    it('creates an account once and reads it back', async () => {
      const accountId = id('acc');
      expect(await accounts.createAccount({ id: accountId, name: 'Retailer', createdAt: '2026-01-01T00:00:00.000Z' })).toBe(true);
      expect(await accounts.createAccount({ id: accountId, name: 'Other', createdAt: '2026-01-02T00:00:00.000Z' })).toBe(false);
      expect(await accounts.getAccount(accountId)).toEqual({ id: accountId, name: 'Retailer', createdAt: '2026-01-01T00:00:00.000Z' });
      expect((await accounts.listAccounts()).map((a) => a.id)).toContain(accountId);
      expect(await accounts.getAccount(id('acc'))).toBeNull();
    });

    it("sets an account's own rate limits and takes them back", async () => {
      const accountId = id('acc');
      await accounts.createAccount({ id: accountId, name: 'Busy', createdAt: '2026-01-01T00:00:00.000Z' });
      const limits = { perAccountPerMinute: 9_000, perAppPerMinute: 3_000 };
      expect(await accounts.setRateLimits(accountId, limits)).toBe(true);
      expect(await accounts.getAccount(accountId)).toMatchObject({ name: 'Busy', rateLimits: limits });
      expect(await accounts.setRateLimits(accountId, null)).toBe(true);
      expect((await accounts.getAccount(accountId))?.rateLimits ?? null).toBeNull();
      expect(await accounts.setRateLimits(id('acc'), limits)).toBe(false);
    });

    it("sets an account's delivery policies one at a time and takes them back, keeping the others and its rate limits", async () => {
      const accountId = id('acc');
      await accounts.createAccount({ id: accountId, name: 'Punctual', createdAt: '2026-01-01T00:00:00.000Z' });
      const limits = { perAccountPerMinute: 600, perAppPerMinute: 60 };
      await accounts.setRateLimits(accountId, limits);
      const policy = { unassignedMinutesBeforePickup: 45, pickupGraceMinutes: 15, stalledMinutes: 90 };
      expect(await accounts.setDeliveryPolicies(accountId, { lateness: policy })).toBe(true);
      const reattempt = { then: 'reattempt' as const, maxAttempts: 3 };
      expect(await accounts.setDeliveryPolicies(accountId, { failedDropoff: reattempt })).toBe(true);
      expect(await accounts.getAccount(accountId)).toMatchObject({ rateLimits: limits, lateness: policy, failedDropoff: reattempt });
      expect(await accounts.setDeliveryPolicies(accountId, { lateness: null })).toBe(true);
      expect((await accounts.getAccount(accountId))?.lateness ?? null).toBeNull();
      expect((await accounts.getAccount(accountId))?.failedDropoff).toEqual(reattempt);
      expect(await accounts.setDeliveryPolicies(accountId, { failedDropoff: undefined })).toBe(true);
      expect((await accounts.getAccount(accountId))?.failedDropoff).toEqual(reattempt);
      expect(await accounts.setDeliveryPolicies(id('acc'), { lateness: policy })).toBe(false);
    });

    it('keeps notification settings and a brand as set, and sets policies only at the revision read when asked (issue 49)', async () => {
      const accountId = id('acc');
      await accounts.createAccount({ id: accountId, name: 'Chatty', createdAt: '2026-01-01T00:00:00.000Z' });
      const notifications = {
        ...DEFAULT_NOTIFICATION_SETTINGS,
        quietHours: { start: '22:00', end: '07:00' },
        smsCountries: ['BE'],
        templates: { 'delivered.fr': { subject: 'Livré', text: 'Votre colis {{ retailer }} est livré.' } },
      };
      const brand = { colour: '#112233', logoUrl: null };
      const read = (await accounts.getAccount(accountId))!;
      expect(await accounts.setDeliveryPolicies(accountId, { notifications, brand }, read.policiesRevision ?? 0)).toBe(true);
      const stored = (await accounts.getAccount(accountId))!;
      expect(stored).toMatchObject({ notifications, brand });
      // A second write from the same read lost the race: nothing of it lands.
      const stale = { ...notifications, quietHours: null };
      expect(await accounts.setDeliveryPolicies(accountId, { notifications: stale }, read.policiesRevision ?? 0)).toBe(false);
      expect((await accounts.getAccount(accountId))!.notifications!.quietHours).toEqual({ start: '22:00', end: '07:00' });
      expect(await accounts.setDeliveryPolicies(accountId, { notifications: stale }, stored.policiesRevision ?? 0)).toBe(true);
      expect((await accounts.getAccount(accountId))!.policiesRevision).toBeGreaterThan(stored.policiesRevision ?? 0);
    });

    it('stores client apps per account and refuses a duplicate client id', async () => {
      const [a, b] = [id('acc'), id('acc')];
      const first = app(a);
      await accounts.createClientApp(first);
      await accounts.createClientApp(app(b));
      await expect(accounts.createClientApp({ ...first })).rejects.toThrow();
      expect(await accounts.getClientApp(first.clientId)).toEqual(first);
      const fleetApp = app(a, { fleetId: 3 });
      await accounts.createClientApp(fleetApp);
      expect(await accounts.getClientApp(fleetApp.clientId)).toEqual(fleetApp);
      expect((await accounts.listClientApps(a)).map((x) => x.clientId).sort()).toEqual([first.clientId, fleetApp.clientId].sort());
    });

    it('replaces a secret only from the expected generation', async () => {
      const stored = app(id('acc'));
      await accounts.createClientApp(stored);
      const renewed = { secretHash: 'scrypt$new', signingKey: 'key-2' };
      expect(await accounts.replaceClientSecret(stored.clientId, 1, renewed, '2026-02-01T00:00:00.000Z')).toBe(true);
      expect(
        await accounts.replaceClientSecret(stored.clientId, 1, { secretHash: 'scrypt$stale', signingKey: 'x' }, '2026-02-02T00:00:00.000Z'),
      ).toBe(false);
      expect(await accounts.getClientApp(stored.clientId)).toMatchObject({ ...renewed, secretGeneration: 2, clientId: stored.clientId });
      expect(await accounts.replaceClientSecret(id('cli'), 1, renewed, '2026-02-02T00:00:00.000Z')).toBe(false);
    });

    it('finds a service plan by carrier code and service level, and replaces it', async () => {
      const accountId = id('acc');
      await accounts.putServicePlan(plan(accountId));
      await accounts.putServicePlan(plan(accountId, { serviceLevel: 'STANDARD', baseCharge: 3 }));
      await accounts.putServicePlan(plan(accountId, { baseCharge: 7 }));
      expect(await accounts.findServicePlan(accountId, 'OWN', 'EXPRESS')).toMatchObject({ baseCharge: 7 });
      expect(await accounts.findServicePlan(accountId, 'OWN', 'NEXT_DAY')).toBeNull();
      expect(await accounts.findServicePlan(id('acc'), 'OWN', 'EXPRESS')).toBeNull();
      expect((await accounts.listServicePlans(accountId)).map((p) => p.serviceLevel).sort()).toEqual(['EXPRESS', 'STANDARD']);
    });

    it('keeps fleets per account, in id order, and replaces one by id', async () => {
      const accountId = id('acc');
      await accounts.putFleet(fleet(accountId, 2));
      await accounts.putFleet(fleet(accountId, 1, { connector: { kind: 'http', url: 'https://fleet.example/quotes', timeoutMs: 800 } }));
      await accounts.putFleet(fleet(accountId, 2, { name: 'Renamed' }));
      await accounts.putFleet(fleet(id('acc'), 3));
      const fleets = await accounts.listFleets(accountId);
      expect(fleets.map((f) => [f.id, f.name])).toEqual([
        [1, 'Fleet 1'],
        [2, 'Renamed'],
      ]);
      expect(fleets[0]!.connector).toEqual({ kind: 'http', url: 'https://fleet.example/quotes', timeoutMs: 800 });
      expect(fleets[1]!.connector).toEqual({ ...DEFAULT_RATE_CARD, currency: 'USD' });
      // By its key: the same fleet, and none for an id or account it is not.
      expect(await accounts.getFleet(accountId, 2)).toEqual(fleets[1]);
      expect(await accounts.getFleet(accountId, 3)).toBeNull();
      expect(await accounts.getFleet(id('acc'), 1)).toBeNull();
    });

    it('adds a fleet only under an id the account has free: of two adds racing for one id, one wins', async () => {
      const accountId = id('acc');
      const results = await Promise.all([
        accounts.addFleet(fleet(accountId, 1, { name: 'First' })),
        accounts.addFleet(fleet(accountId, 1, { name: 'Second' })),
      ]);
      expect(results.sort()).toEqual([false, true]);
      const [kept] = await accounts.listFleets(accountId);
      expect(['First', 'Second']).toContain(kept!.name);
      expect(await accounts.listFleets(accountId)).toHaveLength(1);
      // The same id in another account is that account's own.
      expect(await accounts.addFleet(fleet(id('acc'), 1))).toBe(true);
      expect(await accounts.getFleet(accountId, 1)).toMatchObject({ connector: { kind: 'rate-card' } });
    });

    it('keeps webhook endpoints per account and replaces one by id', async () => {
      const accountId = id('acc');
      const endpoint = (endpointId: string, createdAt: string): WebhookEndpoint => ({
        id: endpointId,
        accountId,
        url: 'https://hooks.example.com/delivery',
        eventTypes: ['order.created', 'order.cancelled'],
        credentials: { kind: 'headers', headers: { 'X-Api-Key': 'k' } },
        secrets: [{ secret: 'whsec_a', createdAt, expiresAt: null }],
        createdAt,
        disabledAt: null,
        disabledReason: null,
      });
      const [first, second] = [endpoint(id('whe'), '2026-01-01T00:00:00.000Z'), endpoint(id('whe'), '2026-01-02T00:00:00.000Z')];
      await accounts.putWebhookEndpoint(second);
      await accounts.putWebhookEndpoint(first);
      await accounts.putWebhookEndpoint({ ...endpoint(id('whe'), '2026-01-03T00:00:00.000Z'), accountId: id('acc') });
      expect((await accounts.listWebhookEndpoints(accountId)).map((e) => e.id)).toEqual([first.id, second.id]);
      const disabled = { ...first, disabledAt: '2026-02-01T00:00:00.000Z', disabledReason: '410 Gone' };
      await accounts.putWebhookEndpoint(disabled);
      expect(await accounts.getWebhookEndpoint(first.id)).toEqual({ ...disabled, revision: 1 });
      expect(await accounts.getWebhookEndpoint(id('whe'))).toBeNull();
    });

    it('disables and enables an endpoint without touching the rest of it', async () => {
      const endpointId = id('whe');
      const endpoint: WebhookEndpoint = {
        id: endpointId,
        accountId: id('acc'),
        url: 'https://hooks.example.com/delivery',
        eventTypes: [],
        credentials: { kind: 'bearer', token: 't' },
        secrets: [{ secret: 'whsec_a', createdAt: '2026-01-01T00:00:00.000Z', expiresAt: null }],
        createdAt: '2026-01-01T00:00:00.000Z',
        disabledAt: null,
        disabledReason: null,
      };
      await accounts.putWebhookEndpoint(endpoint);
      expect(await accounts.setWebhookEndpointDisabled(endpointId, { at: '2026-02-01T00:00:00.000Z', reason: '410 Gone' })).toBe(true);
      expect(await accounts.getWebhookEndpoint(endpointId)).toEqual({
        ...endpoint,
        disabledAt: '2026-02-01T00:00:00.000Z',
        disabledReason: '410 Gone',
        revision: 2,
      });
      expect(await accounts.setWebhookEndpointDisabled(endpointId, null)).toBe(true);
      expect(await accounts.getWebhookEndpoint(endpointId)).toEqual({ ...endpoint, revision: 3 });
      expect(await accounts.setWebhookEndpointDisabled(id('whe'), null)).toBe(false);
    });

    it('replaces a plan, a fleet and an endpoint only from the revision stored: of two changes read at once, one lands', async () => {
      const accountId = id('acc');
      await accounts.putServicePlan(plan(accountId));
      await accounts.putFleet(fleet(accountId, 1));
      const endpoint = anEndpoint(accountId);
      await accounts.putWebhookEndpoint(endpoint);
      const readPlan = (await accounts.findServicePlan(accountId, 'OWN', 'EXPRESS'))!;
      const readFleet = (await accounts.getFleet(accountId, 1))!;
      const readEndpoint = (await accounts.getWebhookEndpoint(endpoint.id))!;
      const races = await Promise.all([
        accounts.replaceServicePlan({ ...readPlan, baseCharge: 1 }),
        accounts.replaceServicePlan({ ...readPlan, baseCharge: 2 }),
        accounts.replaceFleet({ ...readFleet, name: 'One' }),
        accounts.replaceFleet({ ...readFleet, name: 'Two' }),
        accounts.replaceWebhookEndpoint({ ...readEndpoint, url: 'https://one.example/' }),
        accounts.replaceWebhookEndpoint({ ...readEndpoint, url: 'https://two.example/' }),
      ]);
      expect([races.slice(0, 2), races.slice(2, 4), races.slice(4)].map((pair) => pair.filter(Boolean).length)).toEqual([1, 1, 1]);
      // What won is stored whole, at a revision a change read before it no longer matches.
      const plans = await accounts.findServicePlan(accountId, 'OWN', 'EXPRESS');
      expect(plans!.baseCharge).toBe(races[0] ? 1 : 2);
      expect(await accounts.replaceServicePlan({ ...readPlan, baseCharge: 3 })).toBe(false);
      expect(await accounts.replaceServicePlan({ ...plans!, baseCharge: 3 })).toBe(true);
      expect((await accounts.getFleet(accountId, 1))!.name).toBe(races[2] ? 'One' : 'Two');
      // A dispatcher's disabling moves the endpoint's revision on: a change read before it is refused.
      const current = (await accounts.getWebhookEndpoint(endpoint.id))!;
      expect(current.url).toBe(races[4] ? 'https://one.example/' : 'https://two.example/');
      await accounts.setWebhookEndpointDisabled(endpoint.id, { at: '2026-02-01T00:00:00.000Z', reason: '410 Gone' });
      expect(await accounts.replaceWebhookEndpoint({ ...current, url: 'https://three.example/' })).toBe(false);
      // Nothing is replaced that is not there.
      expect(await accounts.replaceFleet(fleet(accountId, 9))).toBe(false);
      expect(await accounts.replaceWebhookEndpoint({ ...endpoint, id: id('whe') })).toBe(false);
      expect(await accounts.getFleet(accountId, 9)).toBeNull();
    });

    it("keeps an account's drivers, one per phone, a fleet's oldest first, found by phone, and removes one", async () => {
      const accountId = id('acc');
      const driver = (fleetId: number, phone: string, createdAt: string): Driver => ({
        id: id('drv'),
        accountId,
        fleetId,
        name: `Driver ${phone.slice(-2)}`,
        phone,
        email: null,
        createdAt,
      });
      const [late, early] = [driver(1, '+12175550101', '2026-01-02T00:00:00.000Z'), driver(1, '+12175550102', '2026-01-01T00:00:00.000Z')];
      expect(await accounts.createDriver(late)).toBe(true);
      expect(await accounts.createDriver(early)).toBe(true);
      // The same phone in the account is refused, in any of its fleets; in another account it is another driver.
      expect(await accounts.createDriver(driver(1, '+12175550101', '2026-01-03T00:00:00.000Z'))).toBe(false);
      expect(await accounts.createDriver(driver(2, '+12175550101', '2026-01-03T00:00:00.000Z'))).toBe(false);
      const elsewhere = { ...driver(1, '+12175550101', '2026-01-03T00:00:00.000Z'), accountId: id('acc') };
      expect(await accounts.createDriver(elsewhere)).toBe(true);
      expect(await accounts.createDriver(driver(2, '+12175550103', '2026-01-03T00:00:00.000Z'))).toBe(true);
      expect((await accounts.listDrivers(accountId, 1)).map((d) => d.id)).toEqual([early.id, late.id]);
      expect(await accounts.getDriver(late.id)).toEqual(late);
      expect(await accounts.findDriverByPhone(accountId, '+12175550101')).toEqual(late);
      expect(await accounts.findDriverByPhone(elsewhere.accountId, '+12175550101')).toEqual(elsewhere);
      expect(await accounts.findDriverByPhone(accountId, '+12175550199')).toBeNull();
      expect(await accounts.deleteDriver(late.id)).toBe(true);
      expect(await accounts.deleteDriver(late.id)).toBe(false);
      expect(await accounts.getDriver(late.id)).toBeNull();
      expect(await accounts.findDriverByPhone(accountId, '+12175550101')).toBeNull();
      // Its phone is free again in its account.
      expect(await accounts.createDriver(driver(2, '+12175550101', '2026-01-04T00:00:00.000Z'))).toBe(true);
      expect(await accounts.listDrivers(accountId, 3)).toEqual([]);
    });

    it("keeps a driver's sessions by their secret's hash until they expire, lists them, and ends one, or all with the driver", async () => {
      const accountId = id('acc');
      const driver: Driver = {
        id: id('drv'),
        accountId,
        fleetId: 1,
        name: 'Ana',
        phone: '+12175550111',
        email: null,
        createdAt: '2026-01-01T00:00:00.000Z',
      };
      await accounts.createDriver(driver);
      const session = (createdAt: string, expiresAt: string): DriverSession => ({
        id: id('dss'),
        accountId,
        driverId: driver.id,
        tokenHash: id('hash'),
        device: 'Chrome on Android',
        createdAt,
        lastUsedAt: createdAt,
        expiresAt,
      });
      const now = new Date('2026-01-10T00:00:00.000Z');
      const [phone, tablet, expired] = [
        session('2026-01-02T00:00:00.000Z', '2026-02-01T00:00:00.000Z'),
        session('2026-01-01T00:00:00.000Z', '2026-01-31T00:00:00.000Z'),
        session('2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
      ];
      for (const s of [phone, tablet, expired]) await accounts.createDriverSession(s);
      expect(await accounts.findDriverSession(phone.tokenHash, now)).toEqual(phone);
      expect(await accounts.findDriverSession(expired.tokenHash, now)).toBeNull();
      expect(await accounts.findDriverSession(id('hash'), now)).toBeNull();
      expect((await accounts.listDriverSessions(accountId, driver.id, now)).map((s) => s.id)).toEqual([tablet.id, phone.id]);
      // Another account names no session of this one's driver.
      expect(await accounts.listDriverSessions(id('acc'), driver.id, now)).toEqual([]);
      expect(await accounts.deleteDriverSession(id('acc'), driver.id, phone.id)).toBe(false);
      await accounts.touchDriverSession(phone.tokenHash, '2026-01-09T00:00:00.000Z');
      expect((await accounts.findDriverSession(phone.tokenHash, now))?.lastUsedAt).toBe('2026-01-09T00:00:00.000Z');
      expect(await accounts.deleteDriverSession(accountId, driver.id, phone.id)).toBe(true);
      expect(await accounts.deleteDriverSession(accountId, driver.id, phone.id)).toBe(false);
      expect(await accounts.findDriverSession(phone.tokenHash, now)).toBeNull();
      await accounts.touchDriverSession(phone.tokenHash, '2026-01-09T00:00:00.000Z');
      expect(await accounts.findDriverSession(phone.tokenHash, now)).toBeNull();
      // The driver removed: every session of theirs ends with them.
      expect(await accounts.deleteDriver(driver.id)).toBe(true);
      expect(await accounts.findDriverSession(tablet.tokenHash, now)).toBeNull();
      expect(await accounts.listDriverSessions(accountId, driver.id, now)).toEqual([]);
    });

    it('upgrades a secret hash only from the hash it expects', async () => {
      const stored = app(id('acc'), { secretHash: 'scrypt$old' });
      await accounts.createClientApp(stored);
      expect(await accounts.upgradeSecretHash(stored.clientId, 'scrypt$other', 'hmac-sha256$x$y')).toBe(false);
      expect(await accounts.upgradeSecretHash(stored.clientId, 'scrypt$old', 'hmac-sha256$s$h')).toBe(true);
      expect(await accounts.getClientApp(stored.clientId)).toEqual({ ...stored, secretHash: 'hmac-sha256$s$h' });
      expect(await accounts.upgradeSecretHash(stored.clientId, 'scrypt$old', 'hmac-sha256$again$h')).toBe(false);
      expect(await accounts.upgradeSecretHash(id('cli'), 'scrypt$old', 'hmac-sha256$s$h')).toBe(false);
    });

    it('replaces a signing key only from the key it expects', async () => {
      const stored = app(id('acc'), { signingKey: 'sealed-old' });
      await accounts.createClientApp(stored);
      expect(await accounts.replaceSigningKey(stored.clientId, 'sealed-other', 'sealed-new')).toBe(false);
      expect(await accounts.replaceSigningKey(stored.clientId, 'sealed-old', 'sealed-new')).toBe(true);
      expect(await accounts.getClientApp(stored.clientId)).toEqual({ ...stored, signingKey: 'sealed-new' });
      expect(await accounts.replaceSigningKey(id('cli'), 'sealed-old', 'sealed-new')).toBe(false);
    });

    it('removes an app, a plan, a fleet and an endpoint, each once, touching no other', async () => {
      const accountId = id('acc');
      const [kept, removed] = [app(accountId), app(accountId)];
      await accounts.createClientApp(kept);
      await accounts.createClientApp(removed);
      await accounts.putServicePlan(plan(accountId));
      await accounts.putServicePlan(plan(accountId, { serviceLevel: 'STANDARD' }));
      await accounts.putFleet(fleet(accountId, 1));
      await accounts.putFleet(fleet(accountId, 2));
      const endpointId = id('whe');
      await accounts.putWebhookEndpoint(anEndpoint(accountId, { id: endpointId }));

      expect(await accounts.deleteClientApp(removed.clientId)).toBe(true);
      expect(await accounts.deleteServicePlan(accountId, 'OWN', 'EXPRESS')).toBe(true);
      expect(await accounts.deleteFleet(accountId, 1)).toBe(true);
      expect(await accounts.deleteWebhookEndpoint(endpointId)).toBe(true);

      expect(await accounts.getClientApp(removed.clientId)).toBeNull();
      expect((await accounts.listClientApps(accountId)).map((a) => a.clientId)).toEqual([kept.clientId]);
      expect((await accounts.listServicePlans(accountId)).map((p) => p.serviceLevel)).toEqual(['STANDARD']);
      expect((await accounts.listFleets(accountId)).map((f) => f.id)).toEqual([2]);
      expect(await accounts.getWebhookEndpoint(endpointId)).toBeNull();

      expect(await accounts.deleteClientApp(removed.clientId)).toBe(false);
      expect(await accounts.deleteServicePlan(accountId, 'OWN', 'EXPRESS')).toBe(false);
      expect(await accounts.deleteFleet(accountId, 1)).toBe(false);
      expect(await accounts.deleteWebhookEndpoint(endpointId)).toBe(false);
    });

    it('keeps users per account, one per email across accounts, and finds one by email', async () => {
      const [a, b] = [id('acc'), id('acc')];
      const user = (accountId: string, email: string, createdAt: string): AccountUser => ({
        id: id('usr'),
        accountId,
        email,
        name: 'Ada',
        role: 'owner',
        passwordHash: 'scrypt$hash',
        createdAt,
      });
      const email = `${id('ada')}@example.com`;
      const first = user(a, email, '2026-01-01T00:00:00.000Z');
      const second = user(a, `${id('bob')}@example.com`, '2026-01-02T00:00:00.000Z');
      expect(await accounts.createUser(first)).toBe(true);
      expect(await accounts.createUser(second)).toBe(true);
      expect(await accounts.createUser(user(a, email, '2026-01-03T00:00:00.000Z'))).toBe(false);
      // Another account may have a user with the same email: adding one says nothing of other accounts.
      const elsewhere = user(b, email, '2026-01-03T00:00:00.000Z');
      expect(await accounts.createUser(elsewhere)).toBe(true);
      expect(await accounts.getUser(first.id)).toEqual(first);
      expect(await accounts.findUsersByEmail(email)).toEqual([first, elsewhere]);
      expect(await accounts.findUsersByEmail(`${id('nobody')}@example.com`)).toEqual([]);
      expect((await accounts.listUsers(a)).map((u) => u.id)).toEqual([first.id, second.id]);
      expect(await accounts.listUsers(b)).toEqual([elsewhere]);

      expect(await accounts.setUserRole(second.id, 'viewer')).toBe(true);
      expect(await accounts.getUser(second.id)).toEqual({ ...second, role: 'viewer' });
      expect(await accounts.setUserRole(id('usr'), 'viewer')).toBe(false);

      expect(await accounts.setUserPassword(second.id, 'scrypt$new')).toBe(true);
      expect(await accounts.getUser(second.id)).toEqual({ ...second, role: 'viewer', passwordHash: 'scrypt$new' });
      expect(await accounts.setUserPassword(id('usr'), 'scrypt$new')).toBe(false);

      expect(await accounts.deleteUser(first.id)).toBe(true);
      expect(await accounts.deleteUser(first.id)).toBe(false);
      expect(await accounts.findUsersByEmail(email)).toEqual([elsewhere]);
      // Its email is free again in its account.
      expect(await accounts.createUser(user(a, email, '2026-01-04T00:00:00.000Z'))).toBe(true);
    });
  });
}
