import type { Fleet } from '@delivery/accounts';
import { NO_REQUIREMENTS } from '@delivery/contracts';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { HostBudget, OutboundClient } from '@delivery/outbound';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { recordIntegrationSuite, startFleetServer, tempDataDir, type FleetServer } from '@delivery/testing';
import { FleetQuoteError, type QuoteRequest } from '../domain/quote';
import { aStoredQuote } from '../testing/quote.fixture';
import { HttpFleetConnector } from './http.connector';

/** The HTTP connector against a real HTTP server on the loopback acting as a third-party fleet. */
describe('HttpFleetConnector against a fleet over HTTP', () => {
  let fleetServer: FleetServer;
  const client = new OutboundClient({ policy: { allowHttp: true, allowPrivateNetworks: true } });
  const dir = tempDataDir('http-connector-');
  const budgets = new EmbeddedKeyValueStore(openEmbeddedStore(dir.path));
  const connector = new HttpFleetConnector(client, new HostBudget(budgets, 1_000));
  const fleet = (url: string, timeoutMs = 500): Fleet => ({
    accountId: 'acc',
    id: 7,
    name: 'Partner Fleet',
    fleetType: 1,
    externalTeamId: 'team-7',
    carrierCodes: ['PARTNER'],
    serviceLevels: [],
    connector: { kind: 'http', url, timeoutMs },
  });
  const request: QuoteRequest = {
    accountId: 'acc',
    correlationId: 'corr-1',
    carrierCode: 'PARTNER',
    serviceLevel: 'EXPRESS',
    shipDate: '2026-11-23T10:00:00.000Z',
    deliveryDate: null,
    currencyCode: 'USD',
    monetaryValue: 120.5,
    packages: [{ contentDescription: 'Shoes', weightKg: 2.5, dimensionsCm: { length: 30.5, width: 20.3, height: 12.7 } }],
    pickup: { contact: null, address: { postalCode: '62701', countryCode: 'US' } },
    dropoff: { contact: null, address: { postalCode: '62565', countryCode: 'US' } },
    requirements: NO_REQUIREMENTS,
  };
  const ask = (timeoutMs?: number) => connector.quote(fleet(fleetServer.url, timeoutMs), request, new AbortController().signal);
  const failure = async (timeoutMs?: number) => (await ask(timeoutMs).catch((e: unknown) => e)) as FleetQuoteError;

  beforeAll(async () => {
    fleetServer = await startFleetServer();
    recordIntegrationSuite({ suite: 'quote/http-connector', ran: true });
  });
  afterAll(async () => {
    client.close();
    await fleetServer.stop();
    await budgets.close();
    dir.remove();
  });

  it('sends the documented request and reads the quotes, whose timestamps carry microseconds', async () => {
    fleetServer.answerWith({ kind: 'quotes', fee: 2450 });
    const [quote] = await ask();
    expect(fleetServer.quoteRequests.at(-1)).toEqual({
      request_id: 'corr-1',
      service_level: 'EXPRESS',
      ship_date: '2026-11-23T10:00:00.000Z',
      delivery_date: null,
      currency_code: 'USD',
      declared_value: 120.5,
      packages: [{ description: 'Shoes', weight_kg: 2.5, dimensions_cm: { length: 30.5, width: 20.3, height: 12.7 } }],
      pickup: { contact: null, address: { postalCode: '62701', countryCode: 'US' } },
      dropoff: { contact: null, address: { postalCode: '62565', countryCode: 'US' } },
    });
    expect(quote).toMatchObject({
      fee: 2450,
      currencyCode: 'USD',
      pickupWindow: { startTime: '2026-11-23T11:00:00.000Z', endTime: '2026-11-23T12:00:00.000Z' },
      expiresAt: '2026-11-23T10:30:00.000Z',
      capacity: null,
      remainingCapacity: null,
    });
  });

  it('turns a slow fleet into a timeout', async () => {
    fleetServer.answerWith({ kind: 'quotes', delayMs: 1_000 });
    expect(await failure(200)).toMatchObject({ message: 'the fleet did not answer within 200 ms', status: 'timeout' });
  });

  it('turns a 5xx into an error naming the status, never the body', async () => {
    fleetServer.answerWith({ kind: 'status', status: 503, body: 'internal secret: maintenance' });
    const error = await failure();
    expect(error).toMatchObject({ message: 'the fleet answered HTTP 503', status: '503', details: [] });
    expect(JSON.stringify(error.details)).not.toContain('secret');
  });

  it('turns a body that is not JSON into an error, without echoing it', async () => {
    fleetServer.answerWith({ kind: 'body', contentType: 'text/html', body: '<html>oops</html>' });
    expect(await failure()).toMatchObject({ message: 'the fleet answered something that is not JSON', details: [] });
  });

  it('refuses an answer larger than the cap instead of reading it', async () => {
    fleetServer.answerWith({
      kind: 'body',
      contentType: 'application/json',
      body: JSON.stringify({ quotes: [], pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    // A budget a loaded machine cannot miss: the cap, not the clock, must end it.
    expect((await failure(10_000)).message).toMatch(/^the fleet answered more than \d+ bytes$/);
  });

  it('never connects to an internal address unless private networks are allowed, and says which setting allows it', async () => {
    const strict = new HttpFleetConnector(
      new OutboundClient({ policy: { allowHttp: true, allowPrivateNetworks: false } }),
      new HostBudget(budgets, 1_000),
    );
    const before = fleetServer.quoteRequests.length;
    for (const url of [fleetServer.url, fleetServer.url.replace('127.0.0.1', 'localhost'), 'http://[::ffff:127.0.0.1]:1/']) {
      const error = (await strict.quote(fleet(url), request, new AbortController().signal).catch((e: unknown) => e)) as FleetQuoteError;
      expect(error.message).toBe('the fleet could not be reached');
      expect(error.details.join(' ')).toMatch(/not a public address \(OUTBOUND_ALLOW_PRIVATE_NETWORKS=true/);
    }
    // Witness: the open connector reaches the same server, and the strict one made no request to it.
    fleetServer.answerWith({ kind: 'quotes', fee: 100 });
    await ask();
    expect(fleetServer.quoteRequests.length).toBe(before + 1);
  });

  it('turns JSON of the wrong shape into an error naming what is wrong', async () => {
    fleetServer.answerWith({
      kind: 'body',
      contentType: 'application/json',
      body: JSON.stringify({ quotes: [{ id: 'q', fee: 'cheap' }] }),
    });
    const error = await failure();
    expect(error.message).toBe('the fleet answered a quote list of the wrong shape');
    expect(error.details.join(' ')).toContain('quotes.0.fee: expected number');
    expect(error.details.join(' ')).not.toContain('cheap');
  });

  it('turns a fleet nobody listens for into an unreachable error', async () => {
    const gone = await startFleetServer();
    const url = gone.url;
    await gone.stop();
    const error = (await connector.quote(fleet(url), request, new AbortController().signal).catch((e: unknown) => e)) as FleetQuoteError;
    expect(error).toBeInstanceOf(FleetQuoteError);
    expect(error.message).toBe('the fleet could not be reached');
  });

  it('tells the fleet of a confirmed reservation', async () => {
    const quote = aStoredQuote({ fleetQuoteId: 'fleet-quote-9' });
    await connector.confirm(fleet(fleetServer.url), quote);
    expect(fleetServer.confirmations.at(-1)).toEqual({ quote_id: 'fleet-quote-9', reference: quote.id });
  });

  it("sends no more than the account's requests a minute to one host, quotes and confirmations alike; another account keeps its own", async () => {
    const minute = 120_000;
    const budget = new HostBudget(budgets, 3, () => minute + 1_000);
    const capped = new HttpFleetConnector(client, budget);
    fleetServer.answerWith({ kind: 'quotes', fee: 100 });
    const before = fleetServer.quoteRequests.length;
    const mine = fleet(`${fleetServer.url}/a`);
    await capped.quote(mine, request, new AbortController().signal);
    await capped.quote({ ...fleet(`${fleetServer.url}/b`), id: 8 }, request, new AbortController().signal);
    await capped.confirm(mine, aStoredQuote());
    const refused = (await capped.quote(mine, request, new AbortController().signal).catch((e: unknown) => e)) as FleetQuoteError;
    expect(refused).toMatchObject({ status: 'host_budget_spent' });
    expect(refused.message).toBe("the account's requests to 127.0.0.1 are over 3 a minute; the next go in 59 s");
    await expect(capped.confirm(mine, aStoredQuote())).rejects.toThrow(/over 3 a minute/);
    expect(fleetServer.quoteRequests.length).toBe(before + 2);
    // Another account's fleet at the same host has a budget of its own.
    await capped.quote({ ...mine, accountId: 'other' }, request, new AbortController().signal);
    expect(fleetServer.quoteRequests.length).toBe(before + 3);
  });
});
