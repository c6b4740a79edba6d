import fc from 'fast-check';
import { consoleAddedFleetSchema } from '@delivery/contracts';
import { consoleSession } from './support/console-session';
import { aShipRequest } from './support/ship-request.fixture';
import { call, createOtherAccount, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

describe('Console API: carriers and service levels, and fleets', () => {
  let harness: Harness;

  beforeAll(async () => {
    // The property tests below change one fleet hundreds of times as one user: the console's quotas are lifted.
    harness = await startHarness({
      webhooks: { urlPolicy: { allowHttp: true, allowPrivateNetworks: true } },
      rateLimits: { consoleUserPerMinute: 1_000_000, consoleAccountPerMinute: 1_000_000 },
    });
  });
  afterAll(() => harness.stop());

  it('sets a service plan and a fleet for a new carrier: Create Order then prices with the plan and dispatches to the fleet', async () => {
    const admin = await consoleSession(harness, 'admin');
    const plan = await admin.as('PUT', '/console/api/service-plans/CITYBIKE/SAMEDAY', {
      json: { carrier_name: 'City Bike', currency: 'USD', base_charge: 7, per_kg_charge: 0.5 },
    });
    expect(plan.status).toBe(201);
    expect(plan.body).toEqual({
      service_plan: {
        carrier_code: 'CITYBIKE',
        service_level: 'SAMEDAY',
        carrier_name: 'City Bike',
        currency: 'USD',
        base_charge: 7,
        per_kg_charge: 0.5,
        dispatch_policy: null,
        requirements: null,
      },
      replaced: false,
    });
    // PUT replaces the whole plan: what is left out takes its default.
    const again = await admin.as('PUT', '/console/api/service-plans/CITYBIKE/SAMEDAY', {
      json: { carrier_name: 'City Bike', base_charge: 8 },
    });
    expect(again.status).toBe(200);
    expect(again.body.replaced).toBe(true);

    const fleet = await admin.as('POST', '/console/api/fleets', {
      json: {
        name: 'City Bike Couriers',
        carrier_codes: ['CITYBIKE'],
        service_area: { postal_codes: [{ country: 'US', prefixes: ['627'] }] },
        connector: { kind: 'rate-card', currency: 'USD', base_fee: 900, time_zone: 'America/Chicago', windows_offered: 6 },
      },
    });
    expect(fleet.status).toBe(201);
    expect(fleet.body.fleet).toMatchObject({
      name: 'City Bike Couriers',
      carrier_codes: ['CITYBIKE'],
      service_area: { postal_codes: [{ country: 'US', codes: [], prefixes: ['627'] }] },
      connector: { kind: 'rate-card', base_fee: 900, per_kg_fee: 50, time_zone: 'America/Chicago', windows_offered: 6, day_cutoff: null },
    });
    const badZone = await admin.as('POST', '/console/api/fleets', {
      json: { name: 'Nowhere', carrier_codes: ['CITYBIKE'], connector: { kind: 'rate-card', time_zone: 'Mars/Base' } },
    });
    expect(badZone.status).toBe(400);
    expect(JSON.stringify(badZone.body)).toContain('time_zone must be an IANA time zone');
    expect(fleet.body.signing_secret).toBeNull();

    const token = await tokenFor(harness);
    const order = await call(harness, 'POST', V1_ORDERS, {
      token,
      json: aShipRequest({ carrierCode: 'CITYBIKE', serviceLevel: 'SAMEDAY' }),
    });
    expect(order.status).toBe(200);
    expect(order.body.completedShipments[0]).toMatchObject({
      carrierName: 'City Bike',
      status: 'dispatched',
      fleet: { name: 'City Bike Couriers' },
    });
    // The plan's base charge, for each of the request's packages.
    const shipment = order.body.completedShipments[0];
    expect(shipment.shippingCharge.baseCharge.amount).toBe(8 * shipment.completedPackages.length);

    expect((await admin.as('DELETE', '/console/api/service-plans/CITYBIKE/SAMEDAY')).status).toBe(204);
    expect((await admin.as('DELETE', '/console/api/service-plans/CITYBIKE/SAMEDAY')).status).toBe(422);
    const refused = await call(harness, 'POST', V1_ORDERS, {
      token,
      json: aShipRequest({ carrierCode: 'CITYBIKE', serviceLevel: 'SAMEDAY' }),
    });
    expect(refused.status).toBe(422);
    expect((await admin.as('DELETE', `/console/api/fleets/${fleet.body.fleet.id}`)).status).toBe(204);
    expect((await admin.as('GET', '/console/api/fleets')).body.fleets.map((f: { name: string }) => f.name)).not.toContain(
      'City Bike Couriers',
    );
  });

  it("sets what a plan's deliveries require, what a fleet collects and its areas on the map, keeping them when a change leaves them out", async () => {
    const admin = await consoleSession(harness, 'admin');
    const plan = await admin.as('PUT', '/console/api/service-plans/WINE/SAMEDAY', {
      json: { requirements: { kinds: ['id_check', 'minimum_age', 'signature'], minimum_age: 21 } },
    });
    // Answered in the one order every surface shows requirements in.
    expect(plan.body.service_plan.requirements).toEqual({ kinds: ['signature', 'minimum_age', 'id_check'], minimum_age: 21 });
    const kept = await admin.as('PUT', '/console/api/service-plans/WINE/SAMEDAY', { json: { base_charge: 3 } });
    expect(kept.body.service_plan.requirements).toEqual({ kinds: ['signature', 'minimum_age', 'id_check'], minimum_age: 21 });
    const unknown = await admin.as('PUT', '/console/api/service-plans/WINE/SAMEDAY', { json: { requirements: { kinds: ['selfie'] } } });
    expect(unknown.status).toBe(400);

    const outline = [
      [-89.75, 39.7],
      [-89.55, 39.7],
      [-89.55, 39.85],
      [-89.75, 39.7],
    ];
    const fleet = await admin.as('POST', '/console/api/fleets', {
      json: {
        name: 'Wine Vans',
        carrier_codes: ['WINE'],
        capabilities: ['signature', 'photo'],
        service_area: { areas: [{ type: 'Polygon', coordinates: [outline] }] },
        connector: { kind: 'rate-card' },
      },
    });
    expect(fleet.body.fleet).toMatchObject({
      capabilities: ['signature', 'photo'],
      service_area: { postal_codes: [], areas: [{ type: 'Polygon', coordinates: [outline] }] },
    });
    const changed = await admin.as('PUT', `/console/api/fleets/${fleet.body.fleet.id}`, {
      json: { name: 'Wine Vans', carrier_codes: ['WINE'], connector: { kind: 'rate-card' } },
    });
    expect(changed.body.fleet).toMatchObject({ capabilities: ['signature', 'photo'], service_area: { areas: [{ type: 'Polygon' }] } });
    const open = await admin.as('POST', '/console/api/fleets', {
      json: {
        name: 'Open ring',
        carrier_codes: ['WINE'],
        service_area: { areas: [{ type: 'Polygon', coordinates: [outline.slice(0, 3)] }] },
        connector: { kind: 'rate-card' },
      },
    });
    expect(open.status).toBe(400);
    expect(JSON.stringify(open.body)).toContain('a ring needs at least four positions');
    // The plan asks for an ID check the fleet does not collect: Create Order, inside its area, names it.
    const request = aShipRequest({ carrierCode: 'WINE', serviceLevel: 'SAMEDAY' });
    Object.assign(request.shipRequest.shipment.recipient.address, { Latitude: 39.75, Longitude: -89.6 });
    const refused = await call(harness, 'POST', V1_ORDERS, { token: await tokenFor(harness), json: request });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain(
      "Wine Vans: it cannot collect a check of the recipient's age, a check of the recipient's ID",
    );
  });

  it('gives two fleets added at the same moment an id each, neither replacing the other', async () => {
    const admin = await consoleSession(harness, 'admin');
    const add = (name: string) =>
      admin.as('POST', '/console/api/fleets', {
        json: { name, carrier_codes: ['RACE'], connector: { kind: 'rate-card', currency: 'USD', base_fee: 500, time_zone: 'UTC' } },
      });
    const added = await Promise.all([add('Race A'), add('Race B'), add('Race C')]);
    expect(added.map((a) => a.status)).toEqual([201, 201, 201]);
    const ids = added.map((a) => a.body.fleet.id as number);
    expect(new Set(ids).size).toBe(3);
    const listed = (await admin.as('GET', '/console/api/fleets')).body.fleets as { id: number; name: string }[];
    expect(
      listed
        .filter((f) => f.name.startsWith('Race '))
        .map((f) => f.name)
        .sort(),
    ).toEqual(['Race A', 'Race B', 'Race C']);
  });

  it('two console saves of one account’s message settings at once both land, every time, the wordings kept (issue 49)', async () => {
    const admin = await consoleSession(harness, 'admin');
    for (let round = 0; round < 10; round += 1) {
      const [settings, wording] = await Promise.all([
        admin.as('PUT', '/console/api/notifications', { json: { quiet_hours: { start: `2${round % 4}:00`, end: '07:00' } } }),
        admin.as('PUT', '/console/api/notifications/wording/delivered/en', { json: { subject: `Delivered ${round}`, text: 'Done.' } }),
      ]);
      expect([settings.status, wording.status]).toEqual([200, 204]);
      const now = (await admin.as('GET', '/console/api/notifications')).body;
      expect(now.quiet_hours).toEqual({ start: `2${round % 4}:00`, end: '07:00' });
      const kept = (await admin.as('GET', '/console/api/notifications/wording?moment=delivered&language=en')).body;
      expect(kept).toMatchObject({ subject: `Delivered ${round}`, own: true });
    }
  });

  it('adds an HTTP fleet with a dispatch URL: its signing secret is answered once, then shown only by its id', async () => {
    const owner = await consoleSession(harness, 'owner');
    const added = await owner.as('POST', '/console/api/fleets', {
      json: {
        name: 'Partner Fleet',
        fleet_type: 1,
        carrier_codes: ['PARTNER'],
        connector: { kind: 'http', url: 'http://127.0.0.1:9/quotes', dispatch_url: 'http://127.0.0.1:9/dispatch' },
      },
    });
    expect(added.status).toBe(201);
    expect(added.body.signing_secret).toMatch(/^whsec_/);
    const listed = (await owner.as('GET', '/console/api/fleets')).body.fleets.find((f: { name: string }) => f.name === 'Partner Fleet');
    expect(listed.connector).toEqual({
      kind: 'http',
      url: 'http://127.0.0.1:9/quotes',
      timeout_ms: 1000,
      dispatch_url: 'http://127.0.0.1:9/dispatch',
      signing_secret_id: expect.stringMatching(/^sec_/),
    });
    expect(JSON.stringify(listed)).not.toContain(added.body.signing_secret);
  });

  it("adds a DoorDash fleet: its status webhooks' URL and credential are answered once, kept when its settings change, then never shown", async () => {
    const owner = await consoleSession(harness, 'owner');
    const connector = { kind: 'doordash', base_url: 'http://127.0.0.1:9', developer_id: 'dev', key_id: 'key', signing_secret: 'c2VjcmV0' };
    const fleet = { name: 'DoorDash', fleet_type: 1, carrier_codes: ['DOORDASH'], connector };
    const added = await owner.as('POST', '/console/api/fleets', { json: fleet });
    expect(added.status).toBe(201);
    const { courier_webhook } = consoleAddedFleetSchema.parse(added.body);
    expect(courier_webhook).toEqual({
      path: `/couriers/v1/${harness.demo.accountId}/${added.body.fleet.id}/webhooks`,
      authorization: expect.stringMatching(/^Basic /),
    });
    const replaced = await owner.as('PUT', `/console/api/fleets/${added.body.fleet.id}`, { json: { ...fleet, name: 'DoorDash West' } });
    expect(replaced.body.courier_webhook).toBeNull();
    const listed = (await owner.as('GET', '/console/api/fleets')).body.fleets.find((f: { name: string }) => f.name === 'DoorDash West');
    expect(listed.connector).toMatchObject({ kind: 'doordash', webhooks: 'set' });
    expect(JSON.stringify(listed)).not.toContain(courier_webhook!.authorization!);
    // The credential kept across the change still opens the fleet's webhook URL (an unknown task is 404, not 401).
    const webhook = await fetch(`${harness.url}${courier_webhook!.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: courier_webhook!.authorization! },
      body: JSON.stringify({ external_delivery_id: 'tsk_unknown', event_name: 'DASHER_PICKED_UP' }),
    });
    expect(webhook.status).toBe(404);
  });

  it('adds Uber Direct and Onfleet fleets: secrets shown by id only, the webhook path answered once, a signing key kept when a change gives none', async () => {
    const owner = await consoleSession(harness, 'owner');
    const uber = {
      name: 'Uber',
      fleet_type: 1,
      carrier_codes: ['UBER'],
      connector: {
        kind: 'uber-direct',
        base_url: 'http://127.0.0.1:9',
        token_url: 'http://127.0.0.1:9/token',
        customer_id: 'cus_1',
        client_id: 'cid',
        client_secret: 'uber-secret-1',
      },
    };
    const added = await owner.as('POST', '/console/api/fleets', { json: uber });
    expect(added.status).toBe(201);
    expect(consoleAddedFleetSchema.parse(added.body).courier_webhook).toEqual({
      path: expect.stringMatching(/^\/couriers\/v1\//),
      authorization: null,
    });
    const id = added.body.fleet.id;
    await owner.as('PUT', `/console/api/fleets/${id}`, {
      json: { ...uber, connector: { ...uber.connector, webhook_signing_key: 'uber-key-1' } },
    });
    await owner.as('PUT', `/console/api/fleets/${id}`, { json: { ...uber, name: 'Uber NYC' } });
    const fleets = (await owner.as('GET', '/console/api/fleets')).body.fleets as { name: string; connector: Record<string, unknown> }[];
    expect(fleets.find((f) => f.name === 'Uber NYC')!.connector).toMatchObject({
      kind: 'uber-direct',
      client_secret_id: expect.stringMatching(/^sec_/),
      webhook_signing_key_id: expect.stringMatching(/^sec_/),
    });

    const onfleet = {
      name: 'Our drivers',
      carrier_codes: ['OWN'],
      connector: { kind: 'onfleet', base_url: 'http://127.0.0.1:9', api_key: 'onfleet-key-1', rate_card: { base_fee: 700 } },
    };
    expect((await owner.as('POST', '/console/api/fleets', { json: onfleet })).status).toBe(201);
    const listed = ((await owner.as('GET', '/console/api/fleets')).body.fleets as typeof fleets).find((f) => f.name === 'Our drivers')!;
    expect(listed.connector).toMatchObject({
      kind: 'onfleet',
      api_key_id: expect.stringMatching(/^sec_/),
      rate_card: { currency: 'USD', base_fee: 700 },
    });
    expect(JSON.stringify(fleets) + JSON.stringify(listed)).not.toMatch(/uber-secret-1|uber-key-1|onfleet-key-1/);
  });

  it("replaces a fleet's settings in place: its id stays, the next order uses them, an HTTP fleet keeps its dispatch secret", async () => {
    const admin = await consoleSession(harness, 'admin');
    const rateCard = { kind: 'rate-card', currency: 'USD', working_hours: { start_hour: 0, end_hour: 24 } };
    const added = await admin.as('POST', '/console/api/fleets', {
      json: { name: 'Van Fleet', carrier_codes: ['VANS'], connector: rateCard },
    });
    await admin.as('PUT', '/console/api/service-plans/VANS/SAMEDAY', { json: { carrier_name: 'Vans' } });
    const path = `/console/api/fleets/${added.body.fleet.id}`;
    const replaced = await admin.as('PUT', path, {
      json: { name: 'Electric Vans', carrier_codes: ['VANS'], connector: { ...rateCard, base_fee: 1200, capacity_per_window: 4 } },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.fleet).toMatchObject({
      id: added.body.fleet.id,
      name: 'Electric Vans',
      external_team_id: added.body.fleet.external_team_id,
      connector: { base_fee: 1200, capacity_per_window: 4, working_hours: { start_hour: 0, end_hour: 24 } },
    });
    const order = await call(harness, 'POST', V1_ORDERS, {
      token: await tokenFor(harness),
      json: aShipRequest({ carrierCode: 'VANS', serviceLevel: 'SAMEDAY' }),
    });
    expect(order.body.completedShipments[0].fleet).toMatchObject({ name: 'Electric Vans' });

    const http = { kind: 'http', url: 'http://127.0.0.1:9/quotes', dispatch_url: 'http://127.0.0.1:9/dispatch' };
    const partner = await admin.as('PUT', path, { json: { name: 'Van Partner', carrier_codes: ['VANS'], connector: http } });
    expect(partner.body.signing_secret).toMatch(/^whsec_/);
    const moved = await admin.as('PUT', path, {
      json: { name: 'Van Partner', carrier_codes: ['VANS'], connector: { ...http, dispatch_url: 'http://127.0.0.1:9/v2/dispatch' } },
    });
    expect(moved.body.signing_secret).toBeNull();
    expect(moved.body.fleet.connector).toMatchObject({
      dispatch_url: 'http://127.0.0.1:9/v2/dispatch',
      signing_secret_id: partner.body.fleet.connector.signing_secret_id,
    });
    const refused = await admin.as('PUT', path, { json: { name: 'x', carrier_codes: [], connector: rateCard } });
    expect(refused.status).toBe(400);
    expect((await admin.as('GET', '/console/api/fleets')).body.fleets).toContainEqual(moved.body.fleet);

    const stranger = await consoleSession(harness, 'admin', (await createOtherAccount(harness)).accountId);
    const elsewhere = await stranger.as('PUT', path, { json: { name: 'Mine', carrier_codes: ['VANS'], connector: rateCard } });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.details.reason).toBe(`No fleet ${added.body.fleet.id}`);
  });

  it('answers any JSON replacement of a fleet with 200 or 400, never a 500, and a refused one leaves the fleet as it was', async () => {
    const admin = await consoleSession(harness, 'admin', (await createOtherAccount(harness)).accountId);
    const connector = { kind: 'rate-card', currency: 'USD' };
    const added = await admin.as('POST', '/console/api/fleets', { json: { name: 'Vans', carrier_codes: ['VANS'], connector } });
    const path = `/console/api/fleets/${added.body.fleet.id}`;
    const setting = fc.oneof(fc.jsonValue(), fc.integer({ min: -5, max: 100_000 }));
    const rateCard = fc.record(
      {
        kind: fc.constantFrom('rate-card', 'http', 'x'),
        currency: fc.constantFrom('USD', 'usd', 7),
        base_fee: setting,
        window_minutes: setting,
      },
      { requiredKeys: ['kind'] },
    );
    const field = fc.oneof(fc.jsonValue(), fc.constant(['VANS']), fc.constant('Vans'));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            { name: field, carrier_codes: field, fleet_type: setting, connector: fc.oneof(rateCard, fc.jsonValue()) },
            { requiredKeys: [] },
          ),
        ),
        async (body) => {
          const before = (await admin.as('GET', '/console/api/fleets')).body.fleets;
          const answer = await admin.as('PUT', path, { json: body });
          expect([200, 400]).toContain(answer.status);
          if (answer.status === 400) expect((await admin.as('GET', '/console/api/fleets')).body.fleets).toEqual(before);
        },
      ),
      { numRuns: 40 },
    );
  });

  it.each([
    [
      'POST',
      '/console/api/fleets',
      { name: 'x', carrier_codes: ['A'], connector: { kind: 'rate-card', working_hours: { start_hour: 20, end_hour: 8 } } },
      'working_hours',
    ],
    ['POST', '/console/api/fleets', { name: 'x', carrier_codes: [], connector: { kind: 'rate-card' } }, 'carrier_codes'],
    ['POST', '/console/api/fleets', { name: 'x', carrier_codes: ['A'], connector: { kind: 'teleport' } }, 'connector'],
    ['POST', '/console/api/fleets', { name: 'x', carrier_codes: ['A'], connector: { kind: 'rate-card', currency: 'usd' } }, 'currency'],
    ['POST', '/console/api/fleets', { name: 'x', carrier_codes: ['A'], connector: { kind: 'http', url: 'ftp://x' } }, 'url'],
    ['PUT', '/console/api/service-plans/A/B', { base_charge: -1 }, 'base_charge'],
  ])('%s %s refuses %j with 400 naming %s', async (method, path, body, field) => {
    const admin = await consoleSession(harness, 'admin');
    const answer = await admin.as(method, path, { json: body });
    expect(answer.status).toBe(400);
    expect(answer.body.details.reason).toContain(field);
  });

  it("lets a viewer read but not change; another account's user sees and touches only its own", async () => {
    const viewer = await consoleSession(harness, 'viewer');
    expect(
      (await viewer.as('GET', '/console/api/service-plans')).body.service_plans.map((p: { carrier_code: string }) => p.carrier_code),
    ).toContain('OWNFLEET');
    expect((await viewer.as('GET', '/console/api/fleets')).body.fleets.length).toBeGreaterThan(0);
    expect((await viewer.as('PUT', '/console/api/service-plans/X/Y', { json: {} })).status).toBe(403);
    expect((await viewer.as('DELETE', '/console/api/fleets/1')).status).toBe(403);

    const other = await createOtherAccount(harness);
    const stranger = await consoleSession(harness, 'owner', other.accountId);
    expect((await stranger.as('GET', '/console/api/fleets')).body.fleets).toEqual([]);
    expect((await stranger.as('DELETE', '/console/api/fleets/1')).status).toBe(422);
    expect((await stranger.as('DELETE', '/console/api/service-plans/OWNFLEET/EXPRESS')).status).toBe(204);
    // That was the stranger's own plan of the same name; the demo account keeps its own.
    expect(
      (await viewer.as('GET', '/console/api/service-plans')).body.service_plans.map((p: { carrier_code: string }) => p.carrier_code),
    ).toContain('OWNFLEET');
    expect((await viewer.as('GET', '/console/api/fleets')).body.fleets.map((f: { id: number }) => f.id)).toContain(1);
  });
});
