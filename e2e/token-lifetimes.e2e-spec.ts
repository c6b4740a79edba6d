import { accountSettings, createClientApp } from '@delivery/accounts';
import { STRICT_OUTBOUND_POLICY } from '@delivery/outbound';
import { aShipRequest } from './support/ship-request.fixture';
import { call, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const MINUTE = 60_000;

describe('token lifetimes and revocation (spec 5.3, 5.7)', () => {
  let harness: Harness;
  let orderPath: string;

  beforeAll(async () => {
    harness = await startHarness();
    const token = await tokenFor(harness);
    const created = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() });
    orderPath = `${V1_ORDERS}/${created.body.completedShipments[0].task_id}`;
  });
  afterAll(() => harness.stop());

  it('refuses a write with a token older than 30 minutes while still accepting a read', async () => {
    const token = await tokenFor(harness);
    harness.clock.advance(29 * MINUTE);
    expect((await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() })).status).toBe(200);

    harness.clock.advance(2 * MINUTE);
    const write = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() });
    expect(write.status).toBe(401);
    expect(write.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(write.body.notifications[0].message).toBe('The access token has expired for write calls');
    expect((await call(harness, 'GET', orderPath, { token })).status).toBe(200);
  });

  it('refuses a read with a token older than 4 hours', async () => {
    const token = await tokenFor(harness);
    harness.clock.advance(4 * 60 * MINUTE - 1);
    expect((await call(harness, 'GET', orderPath, { token })).status).toBe(200);
    harness.clock.advance(1);
    expect((await call(harness, 'GET', orderPath, { token })).status).toBe(401);
  });

  it('applies ttl to both kinds of call', async () => {
    const token = await tokenFor(harness, harness.demo, 120);
    harness.clock.advance(2 * MINUTE);
    expect((await call(harness, 'GET', orderPath, { token })).status).toBe(401);
    const longer = await tokenFor(harness, harness.demo, 3 * 60 * 60);
    harness.clock.advance(2 * 60 * MINUTE);
    expect((await call(harness, 'POST', V1_ORDERS, { token: longer, json: aShipRequest() })).status).toBe(200);
  });

  it('disables the old secret and every token issued under it when the secret is regenerated', async () => {
    const before = await tokenFor(harness);
    expect((await call(harness, 'GET', orderPath, { token: before })).status).toBe(200);

    const settings = accountSettings({ accounts: harness.running.accounts, clock: harness.clock, urlPolicy: STRICT_OUTBOUND_POLICY });
    const { clientSecret } = (await settings.regenerateClientSecret({ clientId: harness.demo.clientId }))!;

    const refused = await call(harness, 'GET', orderPath, { token: before });
    expect(refused.status).toBe(401);
    expect(refused.body.notifications[0].message).toMatch(/revoked/);
    await expect(tokenFor(harness)).rejects.toThrow(/401/);

    const after = await tokenFor(harness, { clientId: harness.demo.clientId, clientSecret });
    expect((await call(harness, 'GET', orderPath, { token: after })).status).toBe(200);
    harness.demo.clientSecret = clientSecret;
  });

  it('refuses every token of a removed app at once, and its credentials', async () => {
    const { app, clientSecret } = await createClientApp(
      { accountId: 'demo', name: 'to-remove' },
      {
        accounts: harness.running.accounts,
        clock: harness.clock,
      },
    );
    const credentials = { clientId: app.clientId, clientSecret };
    const token = await tokenFor(harness, credentials);
    expect((await call(harness, 'GET', orderPath, { token })).status).toBe(200);

    expect(await harness.running.accounts.deleteClientApp(app.clientId)).toBe(true);

    const refused = await call(harness, 'GET', orderPath, { token });
    expect(refused.status).toBe(401);
    expect(refused.body.notifications[0].errorCode).toBe('UNAUTHENTICATED');
    await expect(tokenFor(harness, credentials)).rejects.toThrow(/401/);
  });
});
