import { EmbeddedAccountRepository, verifyClientSecret } from '@delivery/accounts';
import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { adminCommands, UsageError, type AdminDeps } from './admin-commands';

describe('admin commands', () => {
  const dir = tempDataDir('admin-');
  const store = openEmbeddedStore(dir.path);
  const deps: AdminDeps = { accounts: new EmbeddedAccountRepository(store), clock: new ManualClock() };
  const run = (command: string, options: Record<string, string> = {}) => adminCommands[command]!(options, deps) as Promise<any>;

  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  it('create an account, an app shown once, and service plans', async () => {
    await run('create-account', { name: 'Acme', id: 'acme' });
    const app = await run('create-app', { account: 'acme', name: 'oms' });
    expect(app.clientSecret.length).toBeGreaterThanOrEqual(22);
    const stored = await deps.accounts.getClientApp(app.clientId);
    expect(await verifyClientSecret(app.clientSecret, stored!.secretHash)).toBe(true);
    const listed = await run('list-apps', { account: 'acme' });
    expect(listed).toEqual([expect.objectContaining({ clientId: app.clientId, name: 'oms' })]);
    expect(JSON.stringify(listed)).not.toContain('secret"');
    expect(JSON.stringify(listed)).not.toContain(stored!.secretHash);

    await run('add-service-plan', {
      account: 'acme',
      'carrier-code': 'OWN',
      'service-level': 'EXPRESS',
      'base-charge': '5',
      'per-kg-charge': '0.5',
    });
    expect(await run('list-service-plans', { account: 'acme' })).toEqual([
      {
        accountId: 'acme',
        carrierCode: 'OWN',
        serviceLevel: 'EXPRESS',
        carrierName: 'OWN',
        currency: 'USD',
        baseCharge: 5,
        perKgCharge: 0.5,
      },
    ]);
  });

  it('regenerate a secret: the client id stays, the old secret stops verifying', async () => {
    const app = await run('create-app', { account: 'acme', name: 'second' });
    const renewed = await run('regenerate-secret', { 'client-id': app.clientId });
    expect(renewed.clientId).toBe(app.clientId);
    expect(renewed.secretGeneration).toBe(2);
    const stored = await deps.accounts.getClientApp(app.clientId);
    expect(await verifyClientSecret(app.clientSecret, stored!.secretHash)).toBe(false);
    expect(await verifyClientSecret(renewed.clientSecret, stored!.secretHash)).toBe(true);
  });

  it('refuse missing options, duplicate accounts and bad amounts with usage errors', async () => {
    await expect(run('create-account', {})).rejects.toBeInstanceOf(UsageError);
    await expect(run('create-account', { name: 'Bad', id: 'a:b c' })).rejects.toBeInstanceOf(UsageError);
    await expect(run('create-account', { name: 'Again', id: 'acme' })).rejects.toThrow(/exists already/);
    await expect(
      run('add-service-plan', { account: 'acme', 'carrier-code': 'X', 'service-level': 'Y', 'base-charge': '-1' }),
    ).rejects.toBeInstanceOf(UsageError);
    await expect(run('add-service-plan', { account: 'nobody', 'carrier-code': 'X', 'service-level': 'Y' })).rejects.toThrow(/no account/);
  });

  it('add fleets with rate cards or an HTTP connector, numbered per account', async () => {
    const own = await run('add-fleet', { account: 'acme', name: 'Own Fleet', 'carrier-codes': 'OWN', 'capacity-per-window': '3' });
    expect(own).toMatchObject({ id: 1, fleetType: 0, externalTeamId: 'team-1', carrierCodes: ['OWN'], serviceLevels: [] });
    expect(own.connector).toMatchObject({
      kind: 'rate-card',
      currency: 'USD',
      capacityPerWindow: 3,
      workingHours: { startHour: 8, endHour: 20 },
    });
    const partner = await run('add-fleet', {
      account: 'acme',
      name: 'Partner',
      'carrier-codes': 'PARTNER, OWN',
      'service-levels': 'EXPRESS',
      'fleet-type': '1',
      connector: 'http',
      url: 'https://partner.example/quotes',
    });
    expect(partner).toMatchObject({
      id: 2,
      carrierCodes: ['PARTNER', 'OWN'],
      connector: { kind: 'http', url: 'https://partner.example/quotes', timeoutMs: 1000 },
    });
    expect((await run('list-fleets', { account: 'acme' })).map((f: { id: number }) => f.id)).toEqual([1, 2]);
  });

  it('refuse fleets with bad settings', async () => {
    const base = { account: 'acme', name: 'F', 'carrier-codes': 'OWN' };
    await expect(run('add-fleet', { ...base, 'carrier-codes': ' , ' })).rejects.toBeInstanceOf(UsageError);
    await expect(run('add-fleet', { ...base, connector: 'http', url: 'ftp://x' })).rejects.toBeInstanceOf(UsageError);
    await expect(run('add-fleet', { ...base, 'working-hours': '20-8' })).rejects.toBeInstanceOf(UsageError);
    await expect(run('add-fleet', { ...base, 'fleet-type': '7' })).rejects.toBeInstanceOf(UsageError);
    await expect(run('add-fleet', { ...base, connector: 'carrier-pigeon' })).rejects.toBeInstanceOf(UsageError);
  });
});
