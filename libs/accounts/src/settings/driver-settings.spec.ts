import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedAccountRepository } from '../account.embedded-repository';
import { MAX_DRIVERS_PER_FLEET } from '../driver';
import { DEFAULT_RATE_CARD } from '../fleet';
import { accountSettings } from './account-settings';
import { InvalidSetting, SettingExists } from './invalid-setting';

describe("a fleet's drivers", () => {
  const dir = tempDataDir('driver-settings-');
  const store = openEmbeddedStore(dir.path);
  const accounts = new EmbeddedAccountRepository(store);
  const settings = accountSettings({
    accounts,
    clock: new ManualClock(new Date('2026-11-29T10:00:00.000Z')),
    urlPolicy: { allowHttp: true, allowPrivateNetworks: true },
    resolve: async () => ['93.184.216.34'],
  });
  const fleet = {
    name: 'Store staff',
    fleetType: 0,
    carrierCodes: ['OWN'],
    serviceLevels: [],
    connector: { ...DEFAULT_RATE_CARD, currency: 'USD' },
  };
  let own: number;
  let courier: number;

  beforeAll(async () => {
    await settings.createAccount({ id: 'shop', name: 'Shop' });
    await settings.createAccount({ id: 'other', name: 'Other shop' });
    own = (await settings.addFleet({ ...fleet, accountId: 'shop' })).fleet.id;
    const { kind: _, ...rateCard } = DEFAULT_RATE_CARD;
    const onfleet = {
      kind: 'onfleet' as const,
      baseUrl: 'https://onfleet.com',
      apiKey: 'key',
      webhookSecret: null,
      timeoutMs: 3_000,
      rateCard: { ...rateCard, currency: 'USD' },
    };
    courier = (await settings.addFleet({ ...fleet, accountId: 'shop', name: 'Onfleet', connector: onfleet })).fleet.id;
  });
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  it('adds a driver with the phone in international form, and refuses a second with that phone in the fleet', async () => {
    const driver = await settings.addDriver({
      accountId: 'shop',
      fleetId: own,
      name: ' Ada ',
      phone: '+1 (217) 555-0199',
      email: 'Ada@Shop.example',
    });
    expect(driver).toMatchObject({ name: 'Ada', phone: '+12175550199', email: 'ada@shop.example', createdAt: '2026-11-29T10:00:00.000Z' });
    await expect(settings.addDriver({ accountId: 'shop', fleetId: own, name: 'Other', phone: '+12175550199' })).rejects.toThrow(
      SettingExists,
    );
  });

  it.each([
    [{ name: '' }, /name must be/],
    [{ phone: '217 555 0199' }, /international form/],
    [{ phone: '+0123' }, /international form/],
    [{ email: 'not an address' }, /not an email address/],
    [{ fleetId: 99 }, /has no fleet 99/],
  ])('refuses %j, naming what is wrong', async (change, message) => {
    const input = { accountId: 'shop', fleetId: own, name: 'Grace', phone: '+12175550100', ...change };
    await expect(settings.addDriver(input)).rejects.toThrow(message);
  });

  it("has no drivers of ours for a courier network's fleet: its couriers use the network's app", async () => {
    await expect(settings.addDriver({ accountId: 'shop', fleetId: courier, name: 'Grace', phone: '+12175550100' })).rejects.toThrow(
      "Onfleet's own app",
    );
  });

  it('removes a driver only through its own account and fleet', async () => {
    const driver = await settings.addDriver({ accountId: 'shop', fleetId: own, name: 'Linus', phone: '+12175550111' });
    expect(await settings.removeDriver({ accountId: 'other', fleetId: own, driverId: driver.id })).toBe(false);
    expect(await settings.removeDriver({ accountId: 'shop', fleetId: courier, driverId: driver.id })).toBe(false);
    expect(await settings.removeDriver({ accountId: 'shop', fleetId: own, driverId: driver.id })).toBe(true);
    expect(await accounts.getDriver(driver.id)).toBeNull();
  });

  it(`holds ${MAX_DRIVERS_PER_FLEET} drivers a fleet, and they go with their fleet`, async () => {
    const { fleet: full } = await settings.addFleet({ ...fleet, accountId: 'shop', name: 'Full' });
    for (let n = 0; n < MAX_DRIVERS_PER_FLEET; n += 1) {
      await settings.addDriver({
        accountId: 'shop',
        fleetId: full.id,
        name: `Driver ${n}`,
        phone: `+1217556${String(n).padStart(4, '0')}`,
      });
    }
    await expect(settings.addDriver({ accountId: 'shop', fleetId: full.id, name: 'One more', phone: '+12175579999' })).rejects.toThrow(
      InvalidSetting,
    );
    expect(await settings.removeFleet('shop', full.id)).toBe(true);
    expect(await accounts.listDrivers('shop', full.id)).toEqual([]);
  });
});
