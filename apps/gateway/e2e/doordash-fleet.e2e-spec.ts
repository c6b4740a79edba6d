import { randomBytes } from 'node:crypto';
import { quoteResponseSchema } from '@delivery/contracts';
import { startDoorDashFake } from '@delivery/testing';
import { adminCommands } from '../../admin/src/admin-commands';
import { minutesFromNow } from './support/planned-flow';
import { aQuoteRequest, aReleaseOrderRecord, aSoftReservation } from './support/ship-request.fixture';
import { call, startHarness, tokenFor, V2, type Harness } from './support/standalone-harness';

const URL_POLICY = { allowHttp: true, allowPrivateNetworks: true };
const KEY = { developerId: 'dev-5b2a', keyId: 'key-91c0', signingSecret: randomBytes(32).toString('base64url') };

/** A retailer's own DoorDash Drive account as a fleet, against a fake of Drive API v2 built from DoorDash's contract (issue 23). */
describe('a DoorDash Drive fleet', () => {
  let harness: Harness;
  let token: string;
  let doordash: Awaited<ReturnType<typeof startDoorDashFake>>;

  beforeAll(async () => {
    harness = await startHarness({ webhooks: { urlPolicy: URL_POLICY } });
    token = await tokenFor(harness);
    doordash = await startDoorDashFake(KEY, { fee: 1_175 });
    const fleet = (await adminCommands['add-fleet']!(
      {
        account: harness.demo.accountId,
        name: 'DoorDash',
        'carrier-codes': 'DOORDASH',
        'fleet-type': '1',
        connector: 'doordash',
        'base-url': doordash.url,
        'developer-id': KEY.developerId,
        'key-id': KEY.keyId,
        'signing-secret': KEY.signingSecret,
      },
      { accounts: harness.running.accounts, deliveries: harness.running.deliveries, clock: harness.clock, urlPolicy: URL_POLICY },
    )) as { id: number; connector: Record<string, unknown> };
    // The operator sees the key by its id, never the secret.
    expect(JSON.stringify(fleet)).not.toContain(KEY.signingSecret);
  });
  afterAll(async () => {
    await harness.stop();
    await doordash.stop();
  });

  const quotes = () => call(harness, 'POST', `${V2}/quotes`, { token, json: aQuoteRequest({ carrierCode: 'DOORDASH' }) });

  it("quotes DoorDash's fee and estimated times, asking with a JWT DoorDash's rules accept and the fields it requires", async () => {
    const { status, body } = await quotes();
    expect(status).toBe(200);
    const answer = quoteResponseSchema.parse(body);
    expect(answer.quote_errors).toEqual([]);
    expect(answer.quotes).toHaveLength(1);
    const [quote] = answer.quotes!;
    const asked = doordash.calls.at(-1)!;
    expect(asked.token?.claims).toMatchObject({ aud: 'doordash', iss: KEY.developerId, kid: KEY.keyId });
    expect(asked.body).toMatchObject({
      external_delivery_id: expect.stringMatching(/^dd_[0-9a-f]{24}$/),
      dropoff_address: expect.any(String),
      dropoff_phone_number: expect.any(String),
    });
    expect(quote).toMatchObject({
      fee: 1_175,
      currency_code: 'USD',
      fleet: { name: 'DoorDash', fleet_type: 1 },
      pickup_window: { start_time: expect.any(String) },
      dropoff_window: { start_time: expect.any(String) },
    });
  });

  it('turns DoorDash refusals into quote errors in our words, never its answer: an address it cannot serve, a rate limit, an outage', async () => {
    doordash.refuseNext(
      { status: 400, body: { code: 'validation_error', message: 'SECRET-ANSWER address outside the delivery area' } },
      { status: 429, headers: { 'retry-after': '30' }, body: { message: 'SECRET-ANSWER slow down' } },
      { status: 503, body: { message: 'SECRET-ANSWER down' } },
    );
    const errors = [];
    for (let i = 0; i < 3; i += 1) errors.push(quoteResponseSchema.parse((await quotes()).body).quote_errors![0]);
    expect(errors).toEqual([
      expect.objectContaining({ fleet_name: 'DoorDash', status: '400', message: expect.stringContaining('an address it cannot serve') }),
      expect.objectContaining({ status: '429', details: ['retry after 30 s'] }),
      expect.objectContaining({ status: '503', message: 'DoorDash failed (HTTP 503)' }),
    ]);
    expect(JSON.stringify(errors)).not.toContain('SECRET-ANSWER');
  });

  it('accepts the quote at DoorDash when the reservation is confirmed (Create Hard Reservation)', async () => {
    const answer = quoteResponseSchema.parse((await quotes()).body);
    const quote = answer.quotes![0]!;
    const externalId = String(doordash.calls.at(-1)!.body.external_delivery_id);
    const reserved = await call(harness, 'POST', `${V2}/orders`, { token, json: aSoftReservation(quote.id, minutesFromNow(harness, 3)) });
    expect(reserved.status).toBe(200);
    expect(doordash.quotes.get(externalId)?.accepted).toBe(false);
    const confirmed = await call(harness, 'PATCH', `${V2}/orders`, {
      token,
      json: aReleaseOrderRecord(reserved.body.completedShipments[0].orderId),
    });
    expect(confirmed.status).toBe(204);
    expect(doordash.quotes.get(externalId)?.accepted).toBe(true);
    expect(doordash.calls.at(-1)).toMatchObject({ path: `/drive/v2/quotes/${externalId}/accept`, token: expect.anything() });
  });

  it('refuses to confirm a reservation whose DoorDash quote is past its five minutes, saying so', async () => {
    const quote = quoteResponseSchema.parse((await quotes()).body).quotes![0]!;
    const reserved = await call(harness, 'POST', `${V2}/orders`, { token, json: aSoftReservation(quote.id, minutesFromNow(harness, 20)) });
    doordash.expireQuotes();
    const confirmed = await call(harness, 'PATCH', `${V2}/orders`, {
      token,
      json: aReleaseOrderRecord(reserved.body.completedShipments[0].orderId),
    });
    expect(confirmed.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(confirmed.body)).toContain('a quote must be accepted within five minutes of being given');
  });
});
