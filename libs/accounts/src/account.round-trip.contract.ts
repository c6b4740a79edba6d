import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { WEBHOOK_EVENT_TYPES } from '@delivery/contracts';
import { DELIVERY_REQUIREMENTS, DISPATCH_STRATEGIES, type AreaGeometry } from '@delivery/contracts';
import type { Account, ClientApp, ServicePlan } from './account';
import { USER_ROLES, type AccountUser } from './account-user';
import type { AccountRepository } from './account.repository';
import { DRIVER_ASSIGNMENTS, type Fleet } from './fleet';
import type { WebhookEndpoint } from './webhook-endpoint';
import { revised } from './revision';

const text = fc.string({ maxLength: 30 });
const key = fc.stringMatching(/^[a-z]{1,8}_[0-9a-f]{8,16}$/);
const time = fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
const amount = fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true });
const count = fc.integer({ min: 0, max: 1_000_000 });

const account = fc.record<Account>(
  {
    id: key,
    name: text,
    createdAt: time,
    rateLimits: fc.record({ perAccountPerMinute: count, perAppPerMinute: count }),
    lateness: fc.record({ unassignedMinutesBeforePickup: count, pickupGraceMinutes: count, stalledMinutes: count }),
  },
  { requiredKeys: ['id', 'name', 'createdAt'] },
);

const clientApp = fc.record<ClientApp>(
  {
    clientId: key,
    accountId: key,
    name: text,
    secretHash: text,
    signingKey: text,
    secretGeneration: count,
    createdAt: time,
    secretRotatedAt: time,
    fleetId: fc.integer({ min: 1, max: 99 }),
    managedBy: fc.constant('sandbox' as const),
  },
  { requiredKeys: ['clientId', 'accountId', 'name', 'secretHash', 'signingKey', 'secretGeneration', 'createdAt', 'secretRotatedAt'] },
);

const endpoint = fc.record<WebhookEndpoint>({
  id: key,
  accountId: key,
  url: fc.webUrl(),
  eventTypes: fc.uniqueArray(fc.constantFrom(...WEBHOOK_EVENT_TYPES)),
  credentials: fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.record({ kind: fc.constant('basic' as const), username: text, password: text }),
    fc.record({ kind: fc.constant('bearer' as const), token: text }),
    fc.record({ kind: fc.constant('headers' as const), headers: fc.dictionary(fc.stringMatching(/^x-[a-z]{1,10}$/), text) }),
    fc.record({
      kind: fc.constant('oauth2' as const),
      tokenUrl: fc.webUrl(),
      clientId: text,
      clientSecret: text,
      scope: fc.option(text, { nil: null }),
      user: fc.option(fc.record({ username: text, password: text }), { nil: null }),
    }),
  ),
  secrets: fc.array(fc.record({ secret: text, createdAt: time, expiresAt: fc.option(time, { nil: null }) }), { maxLength: 3 }),
  createdAt: time,
  disabledAt: fc.option(time, { nil: null }),
  disabledReason: fc.option(text, { nil: null }),
});

const user = fc.record<AccountUser>({
  id: key,
  accountId: key,
  email: fc.emailAddress(),
  name: text,
  role: fc.constantFrom(...USER_ROLES),
  passwordHash: text,
  createdAt: time,
});

const plan = fc.record<ServicePlan>({
  accountId: key,
  carrierCode: key,
  serviceLevel: text,
  carrierName: text,
  currency: fc.constantFrom('USD', 'EUR', 'GBP'),
  baseCharge: amount,
  perKgCharge: amount,
  dispatchPolicy: fc.option(
    fc.record({
      strategy: fc.constantFrom(...DISPATCH_STRATEGIES),
      preferredFleetIds: fc.array(fc.integer({ min: 1, max: 99 }), { maxLength: 3 }),
      maxFee: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
      allowedFleetIds: fc.option(fc.array(fc.integer({ min: 1, max: 99 }), { maxLength: 3 }), { nil: null }),
    }),
    { nil: null },
  ),
  requirements: fc.option(
    fc.record({ kinds: fc.subarray([...DELIVERY_REQUIREMENTS]), minimumAge: fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }) }),
    { nil: null },
  ),
});

const dayHours = { startHour: fc.integer({ min: 0, max: 23 }), endHour: fc.integer({ min: 1, max: 24 }) };

const rateCardFields = {
  currency: fc.constantFrom('USD', 'EUR'),
  baseFee: count,
  perKgFee: count,
  perPackageFee: count,
  declaredValueBasisPoints: count,
  serviceLevelMultipliers: fc.dictionary(fc.stringMatching(/^[A-Z]{1,8}$/), amount),
  priorityMultiplier: amount,
  timeZone: fc.constantFrom('UTC', 'Europe/Paris', 'America/New_York'),
  workingHours: fc.record(
    {
      ...dayHours,
      weekdays: fc.record({ sat: fc.option(fc.record(dayHours), { nil: null }), sun: fc.option(fc.record(dayHours), { nil: null }) }),
    },
    { requiredKeys: ['startHour', 'endHour'] },
  ),
  leadTimeMinutes: count,
  dayCutoff: fc.option(fc.record({ daysBefore: fc.integer({ min: 0, max: 30 }), atHour: fc.integer({ min: 0, max: 23 }) }), { nil: null }),
  blackoutDates: fc.array(fc.constantFrom('2026-12-25', '2027-01-01', '2027-05-01'), { maxLength: 3 }),
  windowsOffered: fc.integer({ min: 1, max: 24 }),
  maxWeightKg: fc.option(amount, { nil: null }),
  maxLengthCm: fc.option(amount, { nil: null }),
  windowMinutes: count,
  transitMinutes: count,
  capacityPerWindow: count,
  quoteTtlMinutes: count,
};

const fleet = fc.record<Fleet>({
  accountId: key,
  id: fc.integer({ min: 1, max: 1_000_000 }),
  name: text,
  fleetType: fc.integer({ min: 0, max: 2 }),
  externalTeamId: text,
  carrierCodes: fc.array(text, { maxLength: 3 }),
  serviceLevels: fc.array(text, { maxLength: 3 }),
  serviceArea: fc.option(
    fc.record({
      postalCodes: fc.array(
        fc.record({
          country: fc.constantFrom('US', 'FR'),
          codes: fc.array(text, { maxLength: 3 }),
          prefixes: fc.array(text, { maxLength: 3 }),
        }),
        { maxLength: 2 },
      ),
      areas: fc.array(
        fc.constant<AreaGeometry>({
          type: 'Polygon',
          coordinates: [
            [
              [-89.75, 39.7],
              [-89.55, 39.7],
              [-89.55, 39.85],
              [-89.75, 39.7],
            ],
          ],
        }),
        { maxLength: 1 },
      ),
    }),
    { nil: null },
  ),
  capabilities: fc.option(fc.subarray([...DELIVERY_REQUIREMENTS]), { nil: null }),
  connector: fc.oneof(
    fc.record({
      kind: fc.constant('http' as const),
      url: fc.webUrl(),
      timeoutMs: count,
      dispatchUrl: fc.option(fc.webUrl(), { nil: null }),
      signingSecret: fc.option(text, { nil: null }),
    }),
    fc.record({
      kind: fc.constant('doordash' as const),
      baseUrl: fc.webUrl(),
      developerId: text,
      keyId: text,
      signingSecret: text,
      timeoutMs: count,
      webhookAuthorizationHash: fc.option(text, { nil: null }),
    }),
    fc.record({
      kind: fc.constant('uber-direct' as const),
      baseUrl: fc.webUrl(),
      tokenUrl: fc.webUrl(),
      customerId: text,
      clientId: text,
      clientSecret: text,
      webhookSigningKey: fc.option(text, { nil: null }),
      timeoutMs: count,
    }),
    fc.record({ kind: fc.constant('rate-card' as const), ...rateCardFields }),
    fc.record({
      kind: fc.constant('onfleet' as const),
      baseUrl: fc.webUrl(),
      apiKey: text,
      webhookSecret: fc.option(text, { nil: null }),
      timeoutMs: count,
      rateCard: fc.record(rateCardFields),
    }),
  ),
  driverAssignment: fc.constantFrom(...DRIVER_ASSIGNMENTS),
});

/**
 * Arbitrary valid records written through a repository and read back whole: every field
 * of every kind survives, with its identity. Run against every adapter; for MongoDB this
 * is what catches a path its schema does not declare (strict mode drops it).
 */
export function describeAccountRoundTrips(getAccounts: () => AccountRepository) {
  it('keeps every field of arbitrary accounts, apps, endpoints, users, plans and fleets', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ account, app: clientApp, endpoint, user, plan, fleet }), async (generated) => {
        const accounts = getAccounts();
        // Fresh ids each run: a shrunk example repeats the ones it has seen.
        const run = randomBytes(6).toString('hex');
        const accountId = `acc_${run}`;
        const records = {
          account: { ...generated.account, id: accountId },
          app: { ...generated.app, accountId, clientId: `cli_${run}` },
          endpoint: { ...generated.endpoint, accountId, id: `whe_${run}` },
          user: { ...generated.user, accountId, id: `usr_${run}` },
          plan: { ...generated.plan, accountId },
          fleet: { ...generated.fleet, accountId },
        };
        await accounts.createAccount(records.account);
        await accounts.createClientApp(records.app);
        await accounts.putWebhookEndpoint(records.endpoint);
        await accounts.createUser(records.user);
        await accounts.putServicePlan(records.plan);
        await accounts.putFleet(records.fleet);
        expect(await accounts.getAccount(accountId)).toEqual(records.account);
        expect(await accounts.getClientApp(records.app.clientId)).toEqual(records.app);
        expect(await accounts.listClientApps(accountId)).toEqual([records.app]);
        // Each setting comes back as it was given, at its next revision.
        expect(await accounts.getWebhookEndpoint(records.endpoint.id)).toEqual(revised(records.endpoint));
        expect(await accounts.getUser(records.user.id)).toEqual(records.user);
        expect(await accounts.findServicePlan(accountId, records.plan.carrierCode, records.plan.serviceLevel)).toEqual(
          revised(records.plan),
        );
        expect(await accounts.listFleets(accountId)).toEqual([revised(records.fleet)]);
      }),
      { numRuns: 40 },
    );
  });
}
