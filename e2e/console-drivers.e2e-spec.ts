import { consoleDriverListSchema, consoleFleetListSchema } from '@delivery/contracts';
import { consoleSession } from './support/console-session';
import { createOtherAccount, startHarness, type Harness } from './support/standalone-harness';

describe("Console API: a fleet's drivers", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.stop());

  it('lets an admin add and remove a driver, a viewer see them, and another account neither', async () => {
    const admin = await consoleSession(harness, 'admin');
    const fleets = consoleFleetListSchema.parse((await admin.as('GET', '/console/api/fleets')).body).fleets;
    const fleetId = fleets.find((fleet) => fleet.connector.kind === 'rate-card')!.id;
    const drivers = `/console/api/fleets/${fleetId}/drivers`;

    const added = await admin.as('POST', drivers, { json: { name: 'Ada Driver', phone: '+1 217 555 0142', email: null } });
    expect(added.status).toBe(201);
    expect(added.body.driver).toMatchObject({ fleet_id: fleetId, name: 'Ada Driver', phone: '+12175550142', email: null });
    const again = await admin.as('POST', drivers, { json: { name: 'Twin', phone: '+12175550142' } });
    expect(again.status).toBe(400);
    expect(again.body.details.reason).toContain('has a driver with the phone +12175550142 already');
    expect((await admin.as('POST', drivers, { json: { name: 'Ada', phone: 'call me' } })).status).toBe(400);

    const viewer = await consoleSession(harness, 'viewer');
    expect(consoleDriverListSchema.parse((await viewer.as('GET', drivers)).body).drivers.map((d) => d.name)).toEqual(['Ada Driver']);
    expect((await viewer.as('POST', drivers, { json: { name: 'Grace', phone: '+12175550143' } })).status).toBe(403);

    // Another account's admin: the fleet is as unknown as a made-up one, its drivers unreachable.
    const stranger = await consoleSession(harness, 'admin', (await createOtherAccount(harness)).accountId);
    expect((await stranger.as('GET', drivers)).status).toBe(422);
    expect((await stranger.as('DELETE', `${drivers}/${added.body.driver.id}`)).status).toBe(404);
    expect((await stranger.as('GET', '/console/api/fleets/999999/drivers')).status).toBe(422);

    expect((await admin.as('DELETE', `${drivers}/${added.body.driver.id}`)).status).toBe(204);
    expect((await admin.as('DELETE', `${drivers}/${added.body.driver.id}`)).status).toBe(404);
    expect((await viewer.as('GET', drivers)).body).toEqual({ drivers: [], assignment: 'offer' });
  });
});
