import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiUsage, verifyClientSecret, verifyPassword } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { ManualClock } from '@delivery/clock';
import { WEBHOOK_EVENT_TYPES } from '@delivery/contracts';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedDeliveryRepository } from '@delivery/webhook-deliveries/embedded';
import type { TaskMessage } from '@delivery/rpc';
import { adminCommands } from './admin-commands';
import { adminDepsOver, type AdminDeps } from './admin-deps';
import type { OrderReader } from './order-lifecycle.client';
import { Conflict, NotFound, UsageError } from './command-options';
import { FLAGS, OPTION_NAMES, USAGE } from './usage';

describe('admin commands', () => {
  const dir = tempDataDir('admin-');
  const store = openEmbeddedStore(dir.path);
  // Each app's store of its own, as in DATA_DIR: one store holds only so many tables.
  const gatewayStore = openEmbeddedStore(join(dir.path, 'gateway'));
  // order-lifecycle's answers, as its API gives them (the CLI against the running service: e2e/admin-orders.e2e-spec.ts).
  const task = {
    id: 'tsk_0123456789abcdef01234567',
    orderId: 'ORD-9',
    fulfillmentId: 'FUL-9',
    status: 'ASSIGNED',
    createdAt: '2026-11-22T09:00:00.000Z',
    dispatch: { fleetId: 1, fleetName: 'Vans', dispatchedAt: '2026-11-22T09:01:00.000Z' },
    driver: { name: 'Grace Hopper', assignedAt: '2026-11-22T09:02:00.000Z' },
    timeline: [{ event: 'OrderCreated', at: '2026-11-22T09:00:00.000Z' }],
    wayPoints: [{ type: 'DROPOFF', party: { contact: { personName: 'Ada' } }, eta: '2026-11-22T11:00:00.000Z' }],
  } as unknown as TaskMessage;
  const asked: unknown[] = [];
  const orders: OrderReader = {
    listTasks: async (request) => {
      asked.push(request);
      return { tasks: request.accountId === 'shop' ? [task] : [] };
    },
    getOrder: async (request) => {
      asked.push(request);
      return { task };
    },
    close: async () => undefined,
  };
  const keyValue = new EmbeddedKeyValueStore(gatewayStore);
  const accounts = new EmbeddedAccountRepository(store);
  const deps: AdminDeps = adminDepsOver({
    accounts,
    deliveries: new EmbeddedDeliveryRepository(store),
    clock: new ManualClock(new Date('2026-11-22T10:00:00.000Z')),
    urlPolicy: { allowHttp: false, allowPrivateNetworks: false },
    resolve: async (host) => (host === 'internal.example.com' ? ['10.0.0.7'] : ['93.184.216.34']),
    orders: async () => orders,
    keyValue: async () => keyValue,
  });
  const run = (command: string, options: Record<string, string> = {}) => adminCommands[command]!(options, deps) as Promise<any>;

  afterAll(async () => {
    await keyValue.close();
    await gatewayStore.close();
    await store.close();
    dir.remove();
  });

  it("sets an account's own rate limits, and takes them back to the defaults", async () => {
    await run('create-account', { name: 'Busy', id: 'busy' });
    expect(await run('set-rate-limits', { account: 'busy', 'per-app': '100', 'per-account': '250' })).toEqual({
      accountId: 'busy',
      rateLimits: { perAppPerMinute: 100, perAccountPerMinute: 250 },
    });
    expect((await deps.accounts.getAccount('busy'))?.rateLimits).toEqual({ perAppPerMinute: 100, perAccountPerMinute: 250 });
    await expect(run('set-rate-limits', { account: 'busy', 'per-app': '100' })).rejects.toThrow('give both --per-app and --per-account');
    await expect(run('set-rate-limits', { account: 'busy', 'per-app': '0', 'per-account': '5' })).rejects.toThrow(/--per-app must be/);
    await expect(run('set-rate-limits', { account: 'nobody', 'per-app': '1', 'per-account': '1' })).rejects.toThrow('no account nobody');
    await run('set-rate-limits', { account: 'busy' });
    expect((await deps.accounts.getAccount('busy'))?.rateLimits).toBeNull();
  });

  it("set how long an account's proof photos are kept and whether they keep their location, and go back to the defaults", async () => {
    await run('create-account', { name: 'Keeper', id: 'keeper' });
    expect(await run('set-proof-media', { account: 'keeper', 'retention-days': '30', 'keep-location': 'yes' })).toEqual({
      accountId: 'keeper',
      proofMedia: { retentionDays: 30, keepLocation: true },
    });
    expect((await deps.accounts.getAccount('keeper'))?.proofMedia).toEqual({ retentionDays: 30, keepLocation: true });
    await expect(run('set-proof-media', { account: 'keeper', 'retention-days': '0' })).rejects.toThrow(/--retention-days must be/);
    await expect(run('set-proof-media', { account: 'keeper', 'keep-location': 'maybe' })).rejects.toThrow(
      '--keep-location must be yes or no',
    );
    await expect(run('set-proof-media', { account: 'nobody', 'retention-days': '5' })).rejects.toThrow('no account nobody');
    await run('set-proof-media', { account: 'keeper' });
    expect((await deps.accounts.getAccount('keeper'))?.proofMedia).toBeNull();
  });

  it("set when an account's deliveries are late, and go back to the defaults", async () => {
    await run('create-account', { name: 'Punctual', id: 'punctual' });
    expect(await run('set-lateness', { account: 'punctual', 'stalled-minutes': '90' })).toEqual({
      accountId: 'punctual',
      lateness: { unassignedMinutesBeforePickup: 30, pickupGraceMinutes: 30, stalledMinutes: 90 },
    });
    expect((await deps.accounts.getAccount('punctual'))?.lateness?.stalledMinutes).toBe(90);
    await expect(run('set-lateness', { account: 'punctual', 'stalled-minutes': '0' })).rejects.toThrow(/--stalled-minutes must be/);
    await expect(run('set-lateness', { account: 'nobody', 'stalled-minutes': '5' })).rejects.toThrow('no account nobody');
    await run('set-lateness', { account: 'punctual' });
    expect((await deps.accounts.getAccount('punctual'))?.lateness).toBeNull();
  });

  it('set what recipients are told, and through which Twilio account and SMTP server, secrets never shown', async () => {
    await run('create-account', { name: 'Chatty', id: 'chatty' });
    const sid = `AC${'a1'.repeat(16)}`;
    const twilio = await run('set-twilio', { account: 'chatty', 'account-sid': sid, 'auth-token': 'tok-secret', from: '+15005550006' });
    expect(twilio.notifications.sms).toEqual({
      accountSid: sid,
      authToken: 'set',
      apiKey: null,
      from: '+15005550006',
      messagingServiceSid: null,
      baseUrl: 'https://api.twilio.com',
    });
    const smtp = await run('set-smtp', {
      account: 'chatty',
      host: 'smtp.example.com',
      user: 'u',
      password: 'pw-secret',
      from: 'Chatty <d@chatty.example>',
    });
    expect(smtp.notifications.email).toEqual({
      host: 'smtp.example.com',
      port: 587,
      security: 'starttls',
      auth: { user: 'u', password: 'set' },
      from: 'Chatty <d@chatty.example>',
    });
    const set = await run('set-notifications', {
      account: 'chatty',
      moments: 'dispatched,delivered',
      'quiet-hours': '22:00-07:30',
      language: 'FR',
    });
    expect(set.notifications).toMatchObject({ quietHours: { start: '22:00', end: '07:30' }, defaultLanguage: 'fr' });
    expect(
      Object.entries(set.notifications.moments)
        .filter(([, on]) => on)
        .map(([m]) => m),
    ).toEqual(['dispatched', 'delivered']);
    const stored = (await deps.accounts.getAccount('chatty'))!.notifications!;
    expect([stored.sms!.authToken, stored.email!.auth!.password]).toEqual(['tok-secret', 'pw-secret']);
    expect(JSON.stringify(await run('show-notifications', { account: 'chatty' }))).not.toMatch(/tok-secret|pw-secret/);
    await run('set-twilio', { account: 'chatty', off: 'true' });
    expect((await deps.accounts.getAccount('chatty'))!.notifications!.sms).toBeNull();
  });

  it("sets an account's own wording of a moment, checked when saved, and goes back to the shipped one", async () => {
    await run('create-account', { name: 'Wordy', id: 'wordy' });
    const text = 'Ciao {{ first_name }}, il tuo ordine {{ retailer }} arriva {{ eta_in_words }}. {{ tracking_link }}';
    await run('set-template', { account: 'wordy', moment: 'arriving_soon', language: 'IT', subject: 'Quasi arrivato', text });
    expect((await deps.accounts.getAccount('wordy'))!.notifications!.templates).toEqual({
      'arriving_soon.it': { subject: 'Quasi arrivato', text },
    });
    await expect(
      run('set-template', { account: 'wordy', moment: 'arriving_soon', language: 'it', subject: 'x', text: 'Hi {{ phone_number }}' }),
    ).rejects.toThrow(/the text of arriving_soon\.it uses \{\{ phone_number \}\}/);
    await expect(
      run('set-template', { account: 'wordy', moment: 'arriving_soon', language: 'it', subject: '{% if %}', text: 'x' }),
    ).rejects.toThrow(/the subject of arriving_soon\.it is not a valid Liquid template/);
    await expect(run('set-template', { account: 'wordy', moment: 'teleported', language: 'it', subject: 's', text: 't' })).rejects.toThrow(
      /--moment must be one of/,
    );
    await run('set-template', { account: 'wordy', moment: 'arriving_soon', language: 'it', off: 'true' });
    expect((await deps.accounts.getAccount('wordy'))!.notifications!.templates).toEqual({});
  });

  it("sets the account's colour and logo, refusing what a page could not show", async () => {
    await run('create-account', { name: 'Bright', id: 'bright' });
    expect(await run('set-brand', { account: 'bright', colour: '#AA3300', 'logo-url': 'https://cdn.bright.example/logo.svg' })).toEqual({
      accountId: 'bright',
      brand: { colour: '#AA3300', logoUrl: 'https://cdn.bright.example/logo.svg' },
    });
    await expect(run('set-brand', { account: 'bright', colour: 'red' })).rejects.toThrow(/the colour must be #rrggbb/);
    await expect(run('set-brand', { account: 'bright', colour: '#aa3300', 'logo-url': 'http://x.example/l.png' })).rejects.toThrow(
      /the logo must be an https address/,
    );
    await run('set-brand', { account: 'bright', off: 'true' });
    expect((await deps.accounts.getAccount('bright'))!.brand).toBeNull();
  });

  it('refuses notification settings that cannot work, naming the setting, and providers inside the network', async () => {
    await run('create-account', { name: 'Strict', id: 'strict' });
    const sid = `AC${'b2'.repeat(16)}`;
    await expect(run('set-twilio', { account: 'strict', 'account-sid': 'AC1', 'auth-token': 't', from: '+15005550006' })).rejects.toThrow(
      new UsageError('the Twilio account SID must be AC and 32 hexadecimal digits'),
    );
    await expect(run('set-twilio', { account: 'strict', 'account-sid': sid, 'auth-token': 't' })).rejects.toThrow(/needs a sender/);
    await expect(
      run('set-twilio', {
        account: 'strict',
        'account-sid': sid,
        'auth-token': 't',
        from: '+15005550006',
        'base-url': 'http://twilio.example',
      }),
    ).rejects.toThrow(/cannot be used: it must be https/);
    await expect(run('set-smtp', { account: 'strict', host: 'internal.example.com', from: 'a@b.example' })).rejects.toThrow(
      /not a public address/,
    );
    await expect(run('set-notifications', { account: 'strict', moments: 'teleported' })).rejects.toThrow(/teleported is not a moment/);
    await expect(run('set-notifications', { account: 'strict', 'quiet-hours': '25:00-07:00' })).rejects.toThrow(
      /quiet hours must be HH:MM/,
    );
    expect((await deps.accounts.getAccount('strict'))!.notifications).toBeUndefined();
  });

  it('create a console user with a password shown once, change their role, and remove them', async () => {
    await run('create-account', { name: 'Console', id: 'console' });
    const created = await run('create-user', { account: 'console', email: 'Owner@Example.com', name: 'Olive' });
    expect(created).toMatchObject({ accountId: 'console', email: 'owner@example.com', name: 'Olive', role: 'owner' });
    expect(created).not.toHaveProperty('passwordHash');
    const stored = (await deps.accounts.findUsersByEmail('owner@example.com'))[0];
    expect(await verifyPassword(created.password, stored!.passwordHash)).toBe(true);
    expect(await run('list-users', { account: 'console' })).toEqual([expect.not.objectContaining({ password: expect.anything() })]);

    await expect(run('create-user', { account: 'console', email: 'owner@example.com' })).rejects.toThrow(UsageError);
    await expect(run('create-user', { account: 'console', email: 'x@example.com', role: 'root' })).rejects.toThrow(/role must be/);
    await expect(run('create-user', { account: 'nobody', email: 'y@example.com' })).rejects.toThrow('no account nobody');

    // The account's only owner stays an owner.
    await expect(run('set-user-role', { email: 'owner@example.com', role: 'viewer' })).rejects.toThrow(
      'an account keeps at least one owner',
    );
    await expect(run('remove-user', { email: 'owner@example.com' })).rejects.toThrow('an account keeps at least one owner');
    await run('create-user', { account: 'console', email: 'second@example.com', role: 'owner' });
    expect(await run('set-user-role', { email: 'OWNER@example.com', role: 'viewer' })).toMatchObject({ role: 'viewer' });
    expect((await deps.accounts.findUsersByEmail('owner@example.com'))[0]?.role).toBe('viewer');
    await expect(run('set-user-role', { email: 'owner@example.com', role: 'god' })).rejects.toThrow(UsageError);
    const reset = await run('reset-password', { email: 'Second@example.com' });
    expect(reset).toMatchObject({ email: 'second@example.com', sessions: 'ended' });
    const second = (await deps.accounts.findUsersByEmail('second@example.com'))[0];
    expect(await verifyPassword(reset.password, second!.passwordHash)).toBe(true);
    await expect(run('reset-password', { email: 'nobody@example.com' })).rejects.toThrow('no user nobody@example.com');
    expect(await run('remove-user', { email: 'owner@example.com' })).toEqual({ removed: 'owner@example.com', sessions: 'ended' });
    await expect(run('remove-user', { email: 'owner@example.com' })).rejects.toThrow('no user owner@example.com');
  });

  it("list an account's orders, show one with its timeline, and show each app's API usage", async () => {
    await run('create-account', { name: 'Shop', id: 'shop' });
    expect(await run('list-orders', { account: 'shop', status: 'assigned', limit: '5' })).toEqual({
      orders: [
        {
          taskId: task.id,
          orderId: 'ORD-9',
          fulfillmentId: 'FUL-9',
          status: 'assigned',
          fleet: 'Vans',
          driver: 'Grace Hopper',
          createdAt: task.createdAt,
        },
      ],
      nextCursor: null,
    });
    expect(asked.at(-1)).toEqual({ accountId: 'shop', status: 'ASSIGNED', limit: 5 });
    expect((await run('list-orders', { account: 'other', id: 'FUL-9' })).orders).toEqual([]);
    expect(asked.at(-1)).toMatchObject({ accountId: 'other', query: 'FUL-9', limit: 20 });
    await expect(run('list-orders', { account: 'shop', status: 'lost' })).rejects.toThrow(/--status must be one of/);
    expect(await run('show-order', { account: 'shop', id: task.id })).toMatchObject({
      timeline: '2026-11-22T09:00:00.000Z OrderCreated',
      wayPoints: 'dropoff Ada eta 2026-11-22T11:00:00.000Z completed -',
    });

    const { clientId } = await run('create-app', { account: 'shop', name: 'oms' });
    const usage = new ApiUsage(keyValue, deps.clock, console);
    usage.record(clientId, 200);
    usage.record(clientId, 429);
    await usage.close();
    expect(await run('show-usage', { account: 'shop' })).toEqual([{ clientId, name: 'oms', requests: 2, errors: 1, rate_limited: 1 }]);
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
        dispatchPolicy: null,
        requirements: null,
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

  it('list apps newest first, with their creation time', async () => {
    await run('create-account', { name: 'Order', id: 'order' });
    const first = await run('create-app', { account: 'order', name: 'first' });
    (deps.clock as ManualClock).advance(60_000);
    const second = await run('create-app', { account: 'order', name: 'second' });
    const listed = await run('list-apps', { account: 'order' });
    expect(listed.map((a: { clientId: string; createdAt: string }) => [a.clientId, a.createdAt])).toEqual([
      [second.clientId, '2026-11-22T10:01:00.000Z'],
      [first.clientId, '2026-11-22T10:00:00.000Z'],
    ]);
  });

  it("set a plan's dispatch policy, and refuse a strategy it does not know", async () => {
    const plan = { account: 'acme', 'carrier-code': 'CHEAP', 'service-level': 'EXPRESS' };
    expect(await run('add-service-plan', plan)).toMatchObject({ dispatchPolicy: null });
    const cheapest = await run('add-service-plan', {
      ...plan,
      replace: 'true',
      'dispatch-strategy': 'cheapest',
      'max-fee': '1500',
      'allowed-fleets': '1, 2',
    });
    expect(cheapest.dispatchPolicy).toEqual({ strategy: 'cheapest', preferredFleetIds: [], maxFee: 1500, allowedFleetIds: [1, 2] });
    await expect(run('add-service-plan', { ...plan, replace: 'true', 'dispatch-strategy': 'random' })).rejects.toThrow(
      '--dispatch-strategy must be one of cheapest, fastest, preferred',
    );
    await expect(run('add-service-plan', { ...plan, replace: 'true', 'preferred-fleets': 'two' })).rejects.toThrow(
      '--preferred-fleets takes fleet ids',
    );
  });

  it("set what a plan's deliveries require and what a fleet's drivers collect, refusing a requirement it does not know", async () => {
    await run('create-account', { name: 'Wine Shop', id: 'wine' });
    const plan = { account: 'wine', 'carrier-code': 'WINE', 'service-level': 'EXPRESS' };
    expect(await run('add-service-plan', plan)).toMatchObject({ requirements: null });
    const wine = await run('add-service-plan', { ...plan, replace: 'true', requires: 'signature, id_check', 'minimum-age': '21' });
    expect(wine.requirements).toEqual({ kinds: ['signature', 'minimum_age', 'id_check'], minimumAge: 21 });
    await expect(run('add-service-plan', { ...plan, replace: 'true', requires: 'selfie' })).rejects.toThrow(
      '--requires takes signature, photo, pin, minimum_age, id_check, barcode_scan (comma-separated) or none: "selfie"',
    );
    await expect(run('add-service-plan', { ...plan, replace: 'true', 'minimum-age': '0' })).rejects.toThrow(
      '--minimum-age must be a whole number from 1',
    );
    const fleet = await run('add-fleet', { account: 'wine', name: 'Bikes', 'carrier-codes': 'WINE', capabilities: 'signature,photo' });
    expect(fleet.capabilities).toEqual(['signature', 'photo']);
    const none = await run('add-fleet', { account: 'wine', name: 'Vans', 'carrier-codes': 'WINE', capabilities: 'none' });
    expect(none.capabilities).toEqual([]);
    expect((await run('add-fleet', { account: 'wine', name: 'Any', 'carrier-codes': 'WINE' })).capabilities).toBeNull();
  });

  it('adds fleets given at the same moment each under its own id, losing none; an --id taken meanwhile is refused, not overwritten', async () => {
    await run('create-account', { name: 'Racing Co', id: 'racing' });
    const names = ['One', 'Two', 'Three', 'Four'];
    // As four operators' commands at once: each reads the fleets, then adds under the next id.
    const added = await Promise.all(names.map((name) => run('add-fleet', { account: 'racing', name, 'carrier-codes': 'RACE' })));
    expect(new Set(added.map((fleet) => fleet.id)).size).toBe(names.length);
    expect((await run('list-fleets', { account: 'racing' })).map((fleet: { name: string }) => fleet.name).sort()).toEqual(
      [...names].sort(),
    );
    const [first, second] = await Promise.allSettled(
      ['Fifth', 'Sixth'].map((name) => run('add-fleet', { account: 'racing', id: '9', name, 'carrier-codes': 'RACE' })),
    );
    expect([first!.status, second!.status].sort()).toEqual(['fulfilled', 'rejected']);
    expect((await run('list-fleets', { account: 'racing' })).filter((fleet: { id: number }) => fleet.id === 9)).toHaveLength(1);
  });

  it('add a service area drawn on the map from a GeoJSON file, and refuse a file that is not one', async () => {
    await run('create-account', { name: 'Mapped Co', id: 'mapped' });
    const dir = tempDataDir('geojson-');
    const file = join(dir.path, 'springfield.geojson');
    const outline = [
      [-89.75, 39.7],
      [-89.55, 39.7],
      [-89.55, 39.85],
      [-89.75, 39.7],
    ];
    writeFileSync(
      file,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [outline] } }],
      }),
    );
    const fleet = await run('add-fleet', { account: 'mapped', name: 'Mapped', 'carrier-codes': 'MAP', 'service-area-geojson': file });
    expect(fleet.serviceArea).toEqual({
      postalCodes: [],
      areas: [{ type: 'Polygon', coordinates: [outline], bbox: [-89.75, 39.7, -89.55, 39.85] }],
    });
    writeFileSync(file, JSON.stringify({ type: 'Polygon', coordinates: [outline.slice(0, 3)] }));
    await expect(
      run('add-fleet', { account: 'mapped', name: 'Broken', 'carrier-codes': 'MAP', 'service-area-geojson': file }),
    ).rejects.toThrow(/is not a GeoJSON Polygon, MultiPolygon, Feature or FeatureCollection of them/);
    dir.remove();
  });

  it('refuse to overwrite a service plan unless told to replace it, and say it replaced', async () => {
    const plan = { account: 'acme', 'carrier-code': 'SDD', 'service-level': 'EXPRESS', 'base-charge': '5' };
    expect(await run('add-service-plan', plan)).toMatchObject({ baseCharge: 5, replaced: false });
    await expect(run('add-service-plan', { ...plan, 'base-charge': '9' })).rejects.toThrow(/already; add --replace/);
    expect((await deps.accounts.findServicePlan('acme', 'SDD', 'EXPRESS'))!.baseCharge).toBe(5);
    expect(await run('add-service-plan', { ...plan, 'base-charge': '9', replace: 'true' })).toMatchObject({
      baseCharge: 9,
      replaced: true,
    });
  });

  it('remove an app, a service plan, a fleet and a webhook endpoint; disable an endpoint; refuse what does not exist', async () => {
    await run('create-account', { name: 'Gone', id: 'gone' });
    const app = await run('create-app', { account: 'gone', name: 'oms' });
    await run('add-service-plan', { account: 'gone', 'carrier-code': 'OWN', 'service-level': 'EXPRESS' });
    const fleet = await run('add-fleet', { account: 'gone', name: 'Vans', 'carrier-codes': 'OWN' });
    const endpoint = await run('add-webhook', { account: 'gone', url: 'https://hooks.gone.example/in' });

    const disabled = await run('disable-webhook', { endpoint: endpoint.id, reason: 'receiver moving' });
    expect(disabled).toMatchObject({ disabledAt: '2026-11-22T10:01:00.000Z', disabledReason: 'receiver moving' });
    expect(await run('remove-app', { 'client-id': app.clientId })).toEqual({ removed: app.clientId, tokens: 'revoked' });
    await run('remove-service-plan', { account: 'gone', 'carrier-code': 'OWN', 'service-level': 'EXPRESS' });
    await run('remove-fleet', { account: 'gone', id: String(fleet.id) });
    await run('remove-webhook', { endpoint: endpoint.id });

    expect(await run('list-apps', { account: 'gone' })).toEqual([]);
    expect(await run('list-service-plans', { account: 'gone' })).toEqual([]);
    expect(await run('list-fleets', { account: 'gone' })).toEqual([]);
    expect(await run('list-webhooks', { account: 'gone' })).toEqual([]);
    await expect(run('remove-app', { 'client-id': app.clientId })).rejects.toBeInstanceOf(NotFound);
    await expect(run('remove-fleet', { account: 'gone', id: String(fleet.id) })).rejects.toThrow(/no fleet/);
    await expect(run('remove-fleet', { account: 'gone' })).rejects.toThrow(/--id is required/);
    await expect(run('remove-webhook', { endpoint: endpoint.id })).rejects.toThrow(/no webhook endpoint/);
    await expect(run('disable-webhook', { endpoint: endpoint.id })).rejects.toThrow(/no webhook endpoint/);
    await expect(run('remove-service-plan', { account: 'gone', 'carrier-code': 'OWN', 'service-level': 'EXPRESS' })).rejects.toThrow(
      /no service plan/,
    );
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

  it("add a rate card's local hours, cutoffs, blackout dates, slots and limits", async () => {
    const paris = await run('add-fleet', {
      account: 'acme',
      name: 'Paris',
      'carrier-codes': 'OWN',
      'time-zone': 'Europe/Paris',
      'working-hours': '8-19',
      'weekday-hours': 'sat=9-13, sun=closed',
      'day-cutoff': '1@18',
      'blackout-dates': '2026-12-25,2027-01-01',
      'windows-offered': '6',
      'max-weight-kg': '30',
      'max-length-cm': '120',
      'service-area': 'us=10001, 112*; GB=SW1A*',
    });
    expect(paris.serviceArea).toEqual({
      postalCodes: [
        { country: 'US', codes: ['10001'], prefixes: ['112'] },
        { country: 'GB', codes: [], prefixes: ['SW1A'] },
      ],
    });
    expect(paris.connector).toMatchObject({
      timeZone: 'Europe/Paris',
      workingHours: { startHour: 8, endHour: 19, weekdays: { sat: { startHour: 9, endHour: 13 }, sun: null } },
      dayCutoff: { daysBefore: 1, atHour: 18 },
      blackoutDates: ['2026-12-25', '2027-01-01'],
      windowsOffered: 6,
      maxWeightKg: 30,
      maxLengthCm: 120,
    });
  });

  it('replace a fleet only with --replace; an HTTP fleet keeps its dispatch signing secret', async () => {
    const http = {
      account: 'acme',
      name: 'Couriers',
      'carrier-codes': 'COURIER',
      connector: 'http',
      url: 'https://couriers.example/quotes',
    };
    const added = await run('add-fleet', {
      ...http,
      id: '40',
      'external-team-id': 'couriers',
      'dispatch-url': 'https://couriers.example/dispatch',
    });
    expect(added.signingSecret).toMatch(/^whsec_/);
    await expect(run('add-fleet', { ...http, id: '40' })).rejects.toThrow('acme has a fleet 40 already; add --replace to replace it');
    const moved = await run('add-fleet', { ...http, id: '40', replace: 'true', 'dispatch-url': 'https://couriers.example/v2/dispatch' });
    expect(moved).toMatchObject({
      replaced: true,
      externalTeamId: 'couriers',
      connector: { dispatchUrl: 'https://couriers.example/v2/dispatch' },
    });
    expect(moved).not.toHaveProperty('signingSecret');
    const stored = (await deps.accounts.listFleets('acme')).find((f) => f.id === 40)!;
    expect(stored.connector).toMatchObject({ kind: 'http', signingSecret: added.signingSecret });
  });

  it('refuse fleets with bad settings', async () => {
    const base = { account: 'acme', name: 'F', 'carrier-codes': 'OWN' };
    await expect(run('add-fleet', { ...base, 'carrier-codes': ' , ' })).rejects.toBeInstanceOf(UsageError);
    await expect(run('add-fleet', { ...base, connector: 'http', url: 'ftp://x' })).rejects.toBeInstanceOf(UsageError);
    await expect(run('add-fleet', { ...base, 'working-hours': '20-8' })).rejects.toBeInstanceOf(UsageError);
    await expect(run('add-fleet', { ...base, 'time-zone': 'Europe/Parris' })).rejects.toThrow('--time-zone must be an IANA time zone');
    await expect(run('add-fleet', { ...base, 'weekday-hours': 'someday=8-12' })).rejects.toThrow('--weekday-hours takes DAY=START-END');
    await expect(run('add-fleet', { ...base, 'blackout-dates': '2026-02-30' })).rejects.toThrow('--blackout-dates takes YYYY-MM-DD dates');
    await expect(run('add-fleet', { ...base, 'day-cutoff': '1@25' })).rejects.toThrow('--day-cutoff must be DAYS@HOUR');
    await expect(run('add-fleet', { ...base, 'max-weight-kg': '0' })).rejects.toThrow('--max-weight-kg must be above 0');
    await expect(run('add-fleet', { ...base, 'service-area': '10001,10002' })).rejects.toThrow('--service-area takes COUNTRY=CODE');
    await expect(run('add-fleet', { ...base, 'fleet-type': '7' })).rejects.toBeInstanceOf(UsageError);
    await expect(run('add-fleet', { ...base, connector: 'carrier-pigeon' })).rejects.toBeInstanceOf(UsageError);
  });

  it('no command that reads or sets prints a provider secret it was given (issue 49)', async () => {
    await run('create-account', { name: 'Secretive', id: 'secretive' });
    const secrets = ['tw-auth-token-secret', 'tw-api-key-secret', 'smtp-password-secret', 'bearer-token-secret'];
    const printed: string[] = [];
    const keep = async (command: string, options: Record<string, string>) => {
      printed.push(`${command}: ${JSON.stringify(await run(command, options).catch((error: Error) => error.message))}`);
    };
    const account = 'secretive';
    await keep('set-twilio', {
      account,
      'account-sid': `AC${'b2'.repeat(16)}`,
      'auth-token': secrets[0]!,
      'api-key-sid': `SK${'c3'.repeat(16)}`,
      'api-key-secret': secrets[1]!,
      from: '+15005550006',
    });
    await keep('set-smtp', { account, host: 'smtp.example.com', user: 'u', password: secrets[2]!, from: 'S <s@secretive.example>' });
    await keep('set-notifications', { account, language: 'en' });
    await keep('set-template', { account, moment: 'delivered', language: 'en', subject: 'Done', text: 'Delivered.' });
    await keep('add-webhook', { account, url: 'https://hooks.secretive.example/d', header: `Authorization: Bearer ${secrets[3]}` });
    const reading = Object.keys(adminCommands).filter((name) => /^(list|show)-/.test(name));
    expect(reading).toEqual(expect.arrayContaining(['list-accounts', 'show-notifications', 'list-webhooks', 'list-fleets']));
    for (const command of reading) await keep(command, { account });
    const stored = (await deps.accounts.getAccount(account))!.notifications!;
    // Witness that the secrets were taken and kept: they are in the store, opened.
    expect([stored.sms!.authToken, stored.sms!.apiKey!.secret, stored.email!.auth!.password]).toEqual(secrets.slice(0, 3));
    expect(printed.join('\n')).toContain('list-accounts: [');
    for (const line of printed) for (const secret of secrets) expect({ line, has: line.includes(secret) }).toEqual({ line, has: false });
  });

  it('two set-* commands at once on one account both land, every time (issue 49)', async () => {
    await run('create-account', { name: 'Racy', id: 'racy' });
    for (let round = 0; round < 25; round += 1) {
      const quiet = `2${round % 4}:00-07:${String(round).padStart(2, '0')}`;
      const from = `+1500555${String(round).padStart(4, '0')}`;
      await Promise.all([
        run('set-notifications', { account: 'racy', 'quiet-hours': quiet }),
        run('set-twilio', { account: 'racy', 'account-sid': `AC${'f6'.repeat(16)}`, 'auth-token': `tok-${round}`, from }),
        run('set-template', { account: 'racy', moment: 'delivered', language: 'en', subject: `S${round}`, text: 'Delivered.' }),
      ]);
      const stored = (await deps.accounts.getAccount('racy'))!.notifications!;
      expect({ round, quiet: stored.quietHours, from: stored.sms?.from, subject: stored.templates?.['delivered.en']?.subject }).toEqual({
        round,
        quiet: { start: quiet.slice(0, 5), end: quiet.slice(6) },
        from,
        subject: `S${round}`,
      });
    }
  });

  it('add a webhook endpoint: the URL checked, the signing secret shown once, credentials never listed', async () => {
    const added = await run('add-webhook', {
      account: 'acme',
      url: 'https://hooks.acme.example/delivery',
      events: 'order.created, order.cancelled',
      header: 'X-Api-Key: s3cret\nX-Tenant: acme',
    });
    expect(added.signingSecret).toMatch(/^whsec_/);
    expect(added).toMatchObject({ eventTypes: ['order.created', 'order.cancelled'], credentials: 'headers', disabledAt: null });
    const stored = await deps.accounts.getWebhookEndpoint(added.id);
    expect(stored?.credentials).toEqual({ kind: 'headers', headers: { 'X-Api-Key': 's3cret', 'X-Tenant': 'acme' } });
    expect(stored?.secrets.map((s) => s.secret)).toEqual([added.signingSecret]);
    const listed = JSON.stringify(await run('list-webhooks', { account: 'acme' }));
    expect(listed).not.toContain('s3cret');
    expect(listed).not.toContain(added.signingSecret);
    expect((await run('add-webhook', { account: 'acme', url: 'https://hooks.acme.example/all' })).eventTypes).toEqual([
      ...WEBHOOK_EVENT_TYPES,
    ]);
  });

  it('rotate a signing secret with an overlap', async () => {
    const added = await run('add-webhook', { account: 'acme', url: 'https://hooks.acme.example/rotate', bearer: 'tok' });
    const rotated = await run('rotate-webhook-secret', { endpoint: added.id, 'overlap-hours': '2' });
    expect(rotated.signingSecret).not.toBe(added.signingSecret);
    expect(rotated.secrets).toEqual([
      { id: expect.stringMatching(/^sec_[0-9a-f]{12}$/), createdAt: '2026-11-22T10:01:00.000Z', expiresAt: '2026-11-22T12:01:00.000Z' },
      { id: expect.stringMatching(/^sec_[0-9a-f]{12}$/), createdAt: '2026-11-22T10:01:00.000Z', expiresAt: null },
    ]);
    expect(rotated.secrets[0].id).toBe(added.secrets[0].id);
    expect(rotated.secrets[1].id).not.toBe(added.secrets[0].id);
  });

  it('update a webhook endpoint: only what is given changes, the signing secret stays', async () => {
    const added = await run('add-webhook', { account: 'acme', url: 'https://hooks.acme.example/update', bearer: 'tok' });
    const moved = await run('update-webhook', { endpoint: added.id, url: 'https://hooks.acme.example/moved', events: 'order.created' });
    expect(moved).toMatchObject({ url: 'https://hooks.acme.example/moved', eventTypes: ['order.created'], credentials: 'bearer' });
    expect(moved.secrets).toEqual(added.secrets);
    const open = await run('update-webhook', { endpoint: added.id, events: 'all', credentials: 'none' });
    expect(open).toMatchObject({ url: 'https://hooks.acme.example/moved', eventTypes: [...WEBHOOK_EVENT_TYPES], credentials: 'none' });
    await expect(run('update-webhook', { endpoint: added.id, credentials: 'basic' })).rejects.toThrow(/--credentials takes only none/);
    await expect(run('update-webhook', { endpoint: added.id, url: 'http://hooks.acme.example/x' })).rejects.toBeInstanceOf(UsageError);
    await expect(run('update-webhook', { endpoint: 'whe_none' })).rejects.toThrow('no webhook endpoint whe_none');
    expect((await deps.accounts.getWebhookEndpoint(added.id))?.url).toBe('https://hooks.acme.example/moved');
  });

  it.each([
    ['http without permission', { url: 'http://hooks.acme.example/x' }],
    ['a host resolving to a private address', { url: 'https://internal.example.com/x' }],
    ['the metadata address', { url: 'https://169.254.169.254/latest' }],
    ['an unknown event type', { url: 'https://hooks.acme.example/x', events: 'order.teleported' }],
    ['two kinds of credentials', { url: 'https://hooks.acme.example/x', bearer: 't', 'basic-auth': 'u:p' }],
    ['a header that would forge a signature', { url: 'https://hooks.acme.example/x', header: 'webhook-signature: v1,x' }],
  ])('refuse a webhook with %s', async (_, options) => {
    await expect(run('add-webhook', { account: 'acme', ...options })).rejects.toBeInstanceOf(UsageError);
  });

  it('accept every option the usage text names', () => {
    const named = [...USAGE.matchAll(/--([a-z-]+)/g)].map((m) => m[1]!).filter((name) => !['header', 'option', ...FLAGS].includes(name));
    expect(named.filter((name) => !OPTION_NAMES.includes(name))).toEqual([]);
  });

  it('list, show and replay webhook deliveries, and enable an endpoint disabled by 410', async () => {
    await run('create-account', { name: 'Hooks', id: 'hooks' });
    const endpoint = await run('add-webhook', { account: 'hooks', url: 'https://hooks.example.com/in' });
    const now = deps.clock.now().getTime();
    const delivery = {
      id: 'msg_admin1',
      accountId: 'hooks',
      endpointId: endpoint.id,
      eventId: 'evt_1',
      eventType: 'order.created' as const,
      taskId: 'tsk_1',
      body: '{"type":"order.created"}',
      createdAt: new Date(now).toISOString(),
      dueAt: now,
    };
    const { leased } = await deps.deliveries.addAll([delivery], { token: 'lease', now, until: now + 1_000, limit: 1 });
    const attempt = { at: new Date(now).toISOString(), latencyMs: 7, statusCode: 503, error: 'endpoint answered 503' };
    const { id, endpointId, taskId } = leased[0]!;
    await deps.deliveries.recordAttempts([{ id, endpointId, taskId, token: 'lease', attempt, next: { status: 'dead' } }]);
    await accounts.setWebhookEndpointDisabled(endpoint.id, { at: attempt.at, reason: '410 Gone' });

    const listed = await run('list-deliveries', { account: 'hooks', status: 'dead' });
    expect(listed).toEqual([
      expect.objectContaining({ id: 'msg_admin1', status: 'dead', attempts: `${attempt.at} 503 7 ms endpoint answered 503` }),
    ]);
    expect(await run('show-delivery', { id: 'msg_admin1' })).toMatchObject({ payload: delivery.body });
    await expect(run('list-deliveries', { status: 'lost' })).rejects.toThrow(/status must be one of/);
    expect(await run('replay-delivery', { id: 'msg_admin1' })).toMatchObject({ status: 'pending', nextAttemptAt: attempt.at });
    await expect(run('replay-delivery', { id: 'msg_admin1' })).rejects.toThrow(/only failed and dead ones/);
    expect(await run('replay-failed', { endpoint: endpoint.id, since: '2026-01-01T00:00:00Z' })).toEqual({ replayed: 0 });
    await expect(run('replay-failed', { endpoint: endpoint.id })).rejects.toThrow('--since is required');
    expect(await run('enable-webhook', { endpoint: endpoint.id })).toMatchObject({ id: endpoint.id, disabledAt: null });
    await expect(run('enable-webhook', { endpoint: 'whe_none' })).rejects.toThrow(NotFound);
  });

  it("adds a fleet's drivers, lists them, refuses a second with a phone, and removes one", async () => {
    await run('create-account', { name: 'Depot', id: 'depot' });
    const fleet = await run('add-fleet', { account: 'depot', name: 'Store staff', 'carrier-codes': 'OWN' });
    const fleetId = String(fleet.id);
    const driver = await run('add-driver', { account: 'depot', 'fleet-id': fleetId, name: 'Ada', phone: '+1 217 555 0199' });
    expect(driver).toMatchObject({ accountId: 'depot', fleetId: fleet.id, name: 'Ada', phone: '+12175550199', email: null });
    await expect(run('add-driver', { account: 'depot', 'fleet-id': fleetId, name: 'Again', phone: '+12175550199' })).rejects.toBeInstanceOf(
      Conflict,
    );
    await expect(run('add-driver', { account: 'depot', 'fleet-id': fleetId, name: 'Ada', phone: '555' })).rejects.toBeInstanceOf(
      UsageError,
    );
    await expect(run('add-driver', { account: 'depot', name: 'Ada', phone: '+12175550100' })).rejects.toThrow('--fleet-id is required');
    // A fleet that does not exist is not found (exit 3), for a driver as for a fleet's app.
    await expect(run('add-driver', { account: 'depot', 'fleet-id': '99', name: 'Ada', phone: '+12175550100' })).rejects.toBeInstanceOf(
      NotFound,
    );
    await expect(run('create-app', { account: 'depot', name: 'drivers', 'fleet-id': '99' })).rejects.toBeInstanceOf(NotFound);
    expect(await run('list-drivers', { account: 'depot', 'fleet-id': fleetId })).toEqual([driver]);
    expect(await run('remove-driver', { account: 'depot', 'fleet-id': fleetId, driver: driver.id })).toEqual({ removed: driver.id });
    await expect(run('remove-driver', { account: 'depot', 'fleet-id': fleetId, driver: driver.id })).rejects.toBeInstanceOf(NotFound);
  });
});
