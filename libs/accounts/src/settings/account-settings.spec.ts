import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { MongoDouble } from '@delivery/testing/mongo';
import { DEFAULT_RATE_CARD } from '../fleet';
import { EmbeddedAccountRepository } from '../account.embedded-repository';
import { MongoAccountRepository } from '../account.mongo-repository';
import type { AccountRepository } from '../account.repository';
import { accountSettings } from './account-settings';

const dir = tempDataDir('account-settings-');
const store = openEmbeddedStore(dir.path);
afterAll(async () => {
  await store.close();
  dir.remove();
});

// Over both adapters: the embedded store's transactions and MongoDB's conditional writes (its double here).
describe.each([
  ['embedded', async () => new EmbeddedAccountRepository(store)],
  ['mongo over the double', () => MongoAccountRepository.open(new MongoDouble().connection())],
] as [string, () => Promise<AccountRepository>][])('account settings changed at once (%s)', (_name, open) => {
  let accounts: AccountRepository;
  const clock = new ManualClock(new Date('2026-11-29T10:00:00.000Z'));
  const settingsOver = (repository: AccountRepository) =>
    accountSettings({
      accounts: repository,
      clock,
      urlPolicy: { allowHttp: true, allowPrivateNetworks: true },
      resolve: async () => ['93.184.216.34'],
    });

  beforeAll(async () => {
    accounts = await open();
  });
  afterAll(() => accounts.close());

  it('never loses one change to another: every add, replace and setting made together is there afterwards', async () => {
    const settings = settingsOver(accounts);
    const { id: accountId } = await settings.createAccount({ name: 'Busy retailer' });
    const fleet = {
      accountId,
      name: 'Own drivers',
      fleetType: 0,
      carrierCodes: ['OWN'],
      serviceLevels: [],
      connector: { ...DEFAULT_RATE_CARD, currency: 'USD' },
    };
    const { fleet: first } = await settings.addFleet(fleet);
    const plan = {
      accountId,
      carrierCode: 'OWN',
      serviceLevel: 'EXPRESS',
      carrierName: 'Own',
      currency: 'USD',
      baseCharge: 5,
      perKgCharge: 0,
    };
    await settings.addServicePlan(plan);
    const { endpoint, signingSecret } = await settings.addWebhookEndpoint({
      accountId,
      url: 'http://oms.example/hooks',
      eventTypes: [],
      credentials: { kind: 'none' },
    });
    const ref = { endpointId: endpoint.id, accountId };
    const template = (text: string) => (current: Parameters<Parameters<typeof settings.changeNotificationSettings>[1]>[0]) => ({
      ...current,
      templates: { ...current.templates, [`delivered.${text}`]: { subject: 'Delivered', text: `Delivered (${text})` } },
    });

    // What two people and a script would do in the same second, each its own change.
    const [, , , , , rotated] = await Promise.all([
      settings.addFleet({ ...fleet, name: 'Second' }),
      settings.addFleet({ ...fleet, name: 'Third' }),
      settings.replaceFleet({ ...fleet, id: first.id, serviceArea: { postalCodes: [{ country: 'US', codes: ['10001'], prefixes: [] }] } }),
      settings.replaceFleet({ ...fleet, id: first.id, capabilities: ['signature'] }),
      settings.changeWebhookEndpoint(ref, { url: 'http://oms.example/moved' }),
      settings.rotateWebhookEndpointSecret(ref, 60_000),
      settings.replaceServicePlan({
        ...plan,
        dispatchPolicy: { strategy: 'cheapest', preferredFleetIds: [], maxFee: null, allowedFleetIds: null },
      }),
      settings.replaceServicePlan({ ...plan, requirements: { kinds: ['signature'], minimumAge: null } }),
      settings.changeNotificationSettings(accountId, template('en')),
      settings.changeNotificationSettings(accountId, template('fr')),
      settings.setBrand(accountId, { colour: '#1f6feb', logoUrl: null }),
      settings.setLatenessPolicy(accountId, { unassignedMinutesBeforePickup: 10, pickupGraceMinutes: 15, stalledMinutes: 45 }),
      settings.setFailedDropoffPolicy(accountId, { then: 'reattempt', maxAttempts: 2 }),
      settings.createAccountUser({ accountId, email: 'a@retailer.example', name: 'A', role: 'owner', password: 'a long enough password' }),
      settings.createAccountUser({ accountId, email: 'b@retailer.example', name: 'B', role: 'viewer', password: 'a long enough password' }),
    ]);

    expect((await accounts.listFleets(accountId)).map((f) => f.name).sort()).toEqual(['Own drivers', 'Second', 'Third']);
    expect(await accounts.getFleet(accountId, first.id)).toMatchObject({
      serviceArea: { postalCodes: [{ country: 'US', codes: ['10001'], prefixes: [] }] },
      capabilities: ['signature'],
    });
    expect(await accounts.findServicePlan(accountId, 'OWN', 'EXPRESS')).toMatchObject({
      dispatchPolicy: { strategy: 'cheapest' },
      requirements: { kinds: ['signature'] },
    });
    const stored = (await accounts.getWebhookEndpoint(endpoint.id))!;
    expect(stored.url).toBe('http://oms.example/moved');
    expect(stored.secrets.map((s) => s.secret)).toEqual(expect.arrayContaining([signingSecret, rotated!.signingSecret]));
    const account = (await accounts.getAccount(accountId))!;
    expect(Object.keys(account.notifications!.templates!).sort()).toEqual(['delivered.en', 'delivered.fr']);
    expect(account).toMatchObject({
      brand: { colour: '#1f6feb' },
      lateness: { stalledMinutes: 45 },
      failedDropoff: { then: 'reattempt', maxAttempts: 2 },
    });
    expect((await accounts.listUsers(accountId)).map((u) => u.email).sort()).toEqual(['a@retailer.example', 'b@retailer.example']);
  });
});
