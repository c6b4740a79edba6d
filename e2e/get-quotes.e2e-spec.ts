import { quoteResponseSchema, shipResponseSchema, TOPICS, type QuoteIssuedEvent } from '@delivery/contracts';
import { DEFAULT_RATE_CARD } from '@delivery/accounts';
import { eventually, startFleetServer, type FleetServer } from '@delivery/testing';
import { aQuoteRequest } from './support/ship-request.fixture';
import { call, collectOrderEvents, createOtherAccount, startHarness, tokenFor, V2, type Harness } from './support/standalone-harness';

const BUDGET_MS = 400;

describe('POST /partner-integrations-service/v2/integrations/partner/quotes (Get Quotes)', () => {
  let harness: Harness;
  let token: string;
  let partner: FleetServer;

  beforeAll(async () => {
    harness = await startHarness({ fleetBudgetMs: BUDGET_MS, webhooks: { urlPolicy: { allowHttp: true, allowPrivateNetworks: true } } });
    token = await tokenFor(harness);
    partner = await startFleetServer();
    await harness.running.accounts.putFleet({
      accountId: 'demo',
      id: 3,
      name: 'Partner Fleet',
      fleetType: 1,
      externalTeamId: 'partner-team',
      carrierCodes: ['PARTNER'],
      serviceLevels: [],
      connector: { kind: 'http', url: partner.url, timeoutMs: 5_000 },
    });
  });
  afterAll(async () => {
    await harness.stop();
    await partner.stop();
  });
  beforeEach(() => partner.answerWith({ kind: 'quotes' }));

  const quotes = (json: unknown, as = token) => call(harness, 'POST', `${V2}/quotes`, { token: as, json });

  it('asks every fleet of the account for a null carrier code; one fleet may give several quotes', async () => {
    const { status, body } = await quotes(aQuoteRequest());
    expect(status).toBe(200);
    const response = quoteResponseSchema.parse(body);
    expect(response.quote_errors).toEqual([]);
    const byFleet = (id: number) => response.quotes!.filter((q) => q.fleet.id === id);
    expect(byFleet(1).map((q) => q.priority)).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    expect(byFleet(2).length).toBeGreaterThan(1);
    expect(byFleet(3)).toHaveLength(1);
    expect(new Set(response.quotes!.map((q) => q.id)).size).toBe(response.quotes!.length);
    expect(byFleet(1)[0]).toMatchObject({
      fleet: { id: 1, fleet_type: 0, name: 'Demo Own Fleet' },
      currency_code: 'USD',
      delivery_terms_supported: true,
      pickup_window: { start_time: '2026-11-23T10:00:00.000Z', end_time: '2026-11-23T12:00:00.000Z' },
      expiry_time: '2026-11-22T09:30:00.000Z',
    });
    expect(Number.isInteger(byFleet(1)[0]!.fee)).toBe(true);
  });

  it('offers every pickup window a rate-card fleet can take before the delivery date, earliest first, with the capacity each has left', async () => {
    const response = quoteResponseSchema.parse((await quotes(aQuoteRequest())).body);
    const standard = response.quotes!.filter((q) => q.fleet.id === 1 && q.priority === 0);
    expect(standard.map((q) => [q.pickup_window.start_time, q.remaining_capacity])).toEqual([
      ['2026-11-23T10:00:00.000Z', 10],
      ['2026-11-23T12:00:00.000Z', 10],
      ['2026-11-23T14:00:00.000Z', 10],
      ['2026-11-23T16:00:00.000Z', 10],
    ]);
    expect(response.quotes!.filter((q) => q.fleet.id === 3).every((q) => q.remaining_capacity === undefined)).toBe(true);
  });

  it("says why a fleet offers nothing: a Paris fleet's 8 to 20 is 07:00 to 19:00 UTC in November", async () => {
    await harness.running.accounts.putFleet({
      accountId: 'demo',
      id: 4,
      name: 'Paris Riders',
      fleetType: 0,
      externalTeamId: 'paris',
      carrierCodes: ['PARIS'],
      serviceLevels: [],
      connector: { ...DEFAULT_RATE_CARD, currency: 'EUR', timeZone: 'Europe/Paris' },
    });
    const evening = aQuoteRequest({ carrierCode: 'PARIS' });
    evening.shipRequest.shipment.shipDate = '2026-11-23T19:00:00Z';
    evening.shipRequest.shipment.deliveryDate = '2026-11-24T01:00:00Z';
    const { body } = await quotes(evening);
    expect(body).toEqual({
      quote_errors: [
        {
          message: "no pickup window before 2026-11-24T01:00:00.000Z falls in the fleet's working hours",
          fleet_name: 'Paris Riders',
          fleet_id: 4,
          external_team_id: 'paris',
          status: 'outside_working_hours',
          details: ['working hours 08:00–20:00 (Europe/Paris)'],
        },
      ],
    });
    const morning = aQuoteRequest({ carrierCode: 'PARIS' });
    const windows = quoteResponseSchema.parse((await quotes(morning)).body).quotes!.map((q) => q.pickup_window.start_time);
    expect(windows[0]).toBe('2026-11-23T11:00:00.000Z');
  });

  it("asks only the named carrier's fleets for a carrier code", async () => {
    const { body } = await quotes(aQuoteRequest({ carrierCode: 'SANDBOX' }));
    expect(new Set(quoteResponseSchema.parse(body).quotes!.map((q) => q.fleet.name))).toEqual(new Set(['Demo Sandbox Fleet']));
  });

  it('answers within the budget when a fleet takes twice as long, with that fleet as a quote error', async () => {
    partner.answerWith({ kind: 'quotes', delayMs: 2 * BUDGET_MS });
    const started = Date.now();
    const { status, body } = await quotes(aQuoteRequest());
    const elapsed = Date.now() - started;
    expect(status).toBe(200);
    // Answered before the slow fleet's own answer could come: the budget, not the fleet, ended the wait.
    expect(elapsed).toBeLessThan(2 * BUDGET_MS);
    const response = quoteResponseSchema.parse(body);
    expect(response.quotes!.some((q) => q.fleet.id === 1)).toBe(true);
    expect(response.quote_errors).toEqual([
      {
        message: `the fleet did not answer within ${BUDGET_MS} ms`,
        fleet_name: 'Partner Fleet',
        fleet_id: 3,
        external_team_id: 'partner-team',
        status: 'timeout',
        details: [],
      },
    ]);
  });

  it('reports a fleet that errors, and still returns the others', async () => {
    partner.answerWith({ kind: 'status', status: 502, body: 'bad gateway' });
    const response = quoteResponseSchema.parse((await quotes(aQuoteRequest())).body);
    expect(response.quotes!.length).toBeGreaterThan(0);
    expect(response.quote_errors).toEqual([
      expect.objectContaining({ fleet_id: 3, message: 'the fleet answered HTTP 502', status: '502' }),
    ]);
  });

  it('answers only quote_errors when every fleet fails (spec 7.4)', async () => {
    partner.answerWith({ kind: 'body', contentType: 'text/plain', body: 'not json' });
    const { status, body } = await quotes(aQuoteRequest({ carrierCode: 'PARTNER' }));
    expect(status).toBe(200);
    expect(body).toEqual({
      quote_errors: [expect.objectContaining({ fleet_name: 'Partner Fleet', message: 'the fleet answered something that is not JSON' })],
    });
  });

  it('reports "missing item description in estimate" per rate-card fleet', async () => {
    const request = aQuoteRequest({ carrierCode: 'SANDBOX' }) as any;
    delete request.shipRequest.shipment.packages[1].contentDescription;
    const { body } = await quotes(request);
    expect(body).toEqual({
      quote_errors: [
        {
          message: 'missing item description in estimate',
          fleet_name: 'Demo Sandbox Fleet',
          fleet_id: 2,
          external_team_id: 'demo-sandbox',
          status: null,
          details: ['package 2 has no contentDescription'],
        },
      ],
    });
  });

  it.each([
    ['no fraction', '2026-11-23T10:00:00Z'],
    ['milliseconds', '2026-11-23T10:00:00.000Z'],
    ['microseconds', '2026-11-23T10:00:00.000000+00:00'],
  ])('reads a shipDate with %s', async (_, shipDate) => {
    const request = aQuoteRequest({ carrierCode: 'OWNFLEET' });
    request.shipRequest.shipment.shipDate = shipDate;
    const response = quoteResponseSchema.parse((await quotes(request)).body);
    expect(response.quotes![0]!.pickup_window.start_time).toBe('2026-11-23T10:00:00.000Z');
  });

  it('refuses a carrier code no fleet serves with 422 in the error envelope', async () => {
    const { status, body } = await quotes(aQuoteRequest({ carrierCode: 'NOBODY' }));
    expect(status).toBe(422);
    expect(shipResponseSchema.parse(body).notifications[0]).toMatchObject({ errorCode: 'FLEET_NOT_FOUND' });
  });

  it('asks no fleet of another account', async () => {
    const other = await tokenFor(harness, await createOtherAccount(harness));
    expect((await quotes(aQuoteRequest(), other)).status).toBe(422);
  });

  it('refuses an invalid ship request with 400 and no token with 401', async () => {
    const request = aQuoteRequest() as any;
    request.shipRequest.shipment.packages = 'two boxes';
    expect((await quotes(request)).status).toBe(400);
    expect((await call(harness, 'POST', `${V2}/quotes`, { json: aQuoteRequest() })).status).toBe(401);
  });

  it('publishes every quote issued on delivery.quotes.v1, keyed by quote id', async () => {
    const collector = await collectOrderEvents<QuoteIssuedEvent>(harness, TOPICS.quotes);
    const response = quoteResponseSchema.parse((await quotes(aQuoteRequest({ carrierCode: 'OWNFLEET' }))).body);
    const ids = response.quotes!.map((q) => q.id);
    await eventually(() =>
      expect(collector.events.filter((e) => ids.includes(e.subject)).map((e) => e.type)).toEqual(ids.map(() => 'QuoteIssued')),
    );
    expect(ids.length).toBeGreaterThan(1);
    expect(collector.keys.filter((key) => ids.includes(key)).sort()).toEqual([...ids].sort());
    await collector.stop();
  });
});
