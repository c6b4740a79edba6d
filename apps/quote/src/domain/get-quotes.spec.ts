import { DEFAULT_RATE_CARD, type Fleet, type ServicePlan } from '@delivery/accounts';
import { ManualClock } from '@delivery/clock';
import { NO_REQUIREMENTS, type EventEnvelope } from '@delivery/contracts';
import type { FleetConnector } from '../ports/fleet-connector';
import type { QuoteRepository } from '../ports/quote.repository';
import { fleetsAsked, getQuotes } from './get-quotes';
import { FleetQuoteError, type FleetQuote, type QuoteRequest, type StoredQuote } from './quote';

const fleet = (id: number, overrides: Partial<Fleet> = {}): Fleet => ({
  accountId: 'acc',
  id,
  name: `Fleet ${id}`,
  fleetType: 1,
  externalTeamId: `team-${id}`,
  carrierCodes: ['OWN'],
  serviceLevels: [],
  connector: { ...DEFAULT_RATE_CARD, currency: 'USD' },
  ...overrides,
});

const offer = (fee: number): FleetQuote => ({
  fleetQuoteId: `f-${fee}`,
  currencyCode: 'USD',
  fee,
  priority: 0,
  deliveryTermsSupported: true,
  pickupWindow: { startTime: '2026-11-23T10:00:00.000Z', endTime: '2026-11-23T12:00:00.000Z' },
  dropoffWindow: { startTime: '2026-11-23T11:00:00.000Z', endTime: '2026-11-23T13:00:00.000Z' },
  expiresAt: '2026-11-23T09:30:00.000Z',
  capacity: null,
  remainingCapacity: null,
});

const request: QuoteRequest = {
  accountId: 'acc',
  correlationId: 'corr',
  carrierCode: null,
  serviceLevel: 'EXPRESS',
  shipDate: null,
  deliveryDate: null,
  currencyCode: 'USD',
  monetaryValue: null,
  packages: [{ contentDescription: 'x', weightKg: 1, dimensionsCm: null }],
  pickup: { contact: null, address: null },
  dropoff: { contact: null, address: null },
  requirements: NO_REQUIREMENTS,
};

function recordingQuotes() {
  const saved: StoredQuote[] = [];
  const events: EventEnvelope[] = [];
  const quotes = {
    saveIssued: async (q: readonly StoredQuote[], e: readonly EventEnvelope[]) => void (saved.push(...q), events.push(...e)),
  } as unknown as QuoteRepository;
  return { quotes, saved, events };
}

describe('getQuotes', () => {
  it("asks every fleet for a null carrier code, and only the carrier's fleets for a code", () => {
    const fleets = [fleet(1), fleet(2, { carrierCodes: ['OTHER'] }), fleet(3, { serviceLevels: ['STANDARD'] })];
    expect(fleetsAsked(fleets, { carrierCode: null, serviceLevel: 'EXPRESS' }).map((f) => f.id)).toEqual([1, 2]);
    expect(fleetsAsked(fleets, { carrierCode: 'OTHER', serviceLevel: 'EXPRESS' }).map((f) => f.id)).toEqual([2]);
    expect(fleetsAsked(fleets, { carrierCode: 'OWN', serviceLevel: 'STANDARD' }).map((f) => f.id)).toEqual([1, 3]);
  });

  it('answers by the budget with the quotes of the fleets that made it and an error for each that did not', async () => {
    const connectors: Record<number, FleetConnector> = {
      1: { quote: async () => [offer(100), offer(150)], confirm: async () => undefined },
      2: { quote: () => new Promise(() => undefined), confirm: async () => undefined },
      3: {
        quote: async () => Promise.reject(new FleetQuoteError('the fleet answered HTTP 503', ['down'], '503')),
        confirm: async () => undefined,
      },
      4: { quote: async () => Promise.reject(new TypeError('boom')), confirm: async () => undefined },
    };
    const { quotes, saved, events } = recordingQuotes();
    const started = Date.now();
    const result = await getQuotes(request, {
      fleets: { listServicePlans: async () => [], listFleets: async () => [fleet(1), fleet(2), fleet(3), fleet(4)] },
      connectorFor: (f) => connectors[f.id]!,
      quotes,
      clock: new ManualClock(new Date('2026-11-23T09:00:00.000Z')),
      fleetBudgetMs: 200,
      eventsCommitted: () => undefined,
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result.quotes.map((q) => [q.fleet.id, q.fee])).toEqual([
      [1, 100],
      [1, 150],
    ]);
    expect(new Set(result.quotes.map((q) => q.id)).size).toBe(2);
    expect(result.errors).toEqual([
      {
        message: 'the fleet did not answer within 200 ms',
        fleetName: 'Fleet 2',
        fleetId: 2,
        externalTeamId: 'team-2',
        status: 'timeout',
        details: [],
      },
      {
        message: 'the fleet answered HTTP 503',
        fleetName: 'Fleet 3',
        fleetId: 3,
        externalTeamId: 'team-3',
        status: '503',
        details: ['down'],
      },
      {
        message: 'failed to calculate the quote',
        fleetName: 'Fleet 4',
        fleetId: 4,
        externalTeamId: 'team-4',
        status: null,
        details: ['TypeError: boom'],
      },
    ]);
    expect(saved).toEqual(result.quotes);
    expect(events.map((e) => [e.type, e.subject])).toEqual(result.quotes.map((q) => ['QuoteIssued', q.id]));
  });

  it('refuses a request no fleet serves', async () => {
    await expect(
      getQuotes(
        { ...request, carrierCode: 'NOBODY' },
        {
          fleets: { listServicePlans: async () => [], listFleets: async () => [fleet(1)] },
          connectorFor: () => ({ quote: async () => [], confirm: async () => undefined }),
          quotes: recordingQuotes().quotes,
          clock: new ManualClock(),
          fleetBudgetMs: 100,
          eventsCommitted: () => undefined,
        },
      ),
    ).rejects.toMatchObject({ code: 'FLEET_NOT_FOUND' });
  });

  it('asks no fleet whose service area leaves the drop-off out, and says so in its quote error', async () => {
    const asked: number[] = [];
    const downtown = fleet(1, { serviceArea: { postalCodes: [{ country: 'US', codes: ['10001'], prefixes: [] }] } });
    const result = await getQuotes(
      { ...request, dropoff: { contact: null, address: { postalCode: '94103', countryCode: 'US' } } },
      {
        fleets: { listServicePlans: async () => [], listFleets: async () => [downtown, fleet(2)] },
        connectorFor: (f) => ({ quote: async () => (asked.push(f.id), [offer(100)]), confirm: async () => undefined }),
        quotes: recordingQuotes().quotes,
        clock: new ManualClock(),
        fleetBudgetMs: 100,
        eventsCommitted: () => undefined,
      },
    );
    expect(asked).toEqual([2]);
    expect(result.errors).toEqual([
      {
        message: "the drop-off is outside the fleet's service area",
        fleetName: 'Fleet 1',
        fleetId: 1,
        externalTeamId: 'team-1',
        status: 'outside_service_area',
        details: ['the fleet does not deliver to postal code 94103 in US'],
      },
    ]);
  });

  const deps = (fleets: Fleet[], plans: ServicePlan[], offers: Record<number, FleetQuote[]>, asked: number[] = []) => ({
    fleets: { listServicePlans: async () => plans, listFleets: async () => fleets },
    connectorFor: (f: Fleet) => ({ quote: async () => (asked.push(f.id), offers[f.id] ?? []), confirm: async () => undefined }),
    quotes: recordingQuotes().quotes,
    clock: new ManualClock(),
    fleetBudgetMs: 100,
    eventsCommitted: () => undefined,
  });
  const plan = (overrides: Partial<ServicePlan>): ServicePlan => ({
    accountId: 'acc',
    carrierCode: 'OWN',
    serviceLevel: 'EXPRESS',
    carrierName: 'Own',
    currency: 'USD',
    baseCharge: 0,
    perKgCharge: 0,
    ...overrides,
  });

  it("ranks a named carrier's quotes by its plan's policy, those the policy would not dispatch last", async () => {
    const cheapest = plan({ dispatchPolicy: { strategy: 'cheapest', preferredFleetIds: [], maxFee: 400, allowedFleetIds: null } });
    const result = await getQuotes(
      { ...request, carrierCode: 'OWN' },
      deps([fleet(1), fleet(2), fleet(3)], [cheapest], { 1: [offer(300), offer(350)], 2: [offer(200)], 3: [offer(500), offer(100)] }),
    );
    expect(result.quotes.map((q) => [q.fleet.id, q.fee])).toEqual([
      [3, 100],
      [2, 200],
      [1, 300],
      [1, 350],
      [3, 500],
    ]);
    // Without a carrier, the fleets' own order.
    const any = await getQuotes(request, deps([fleet(1), fleet(2)], [cheapest], { 1: [offer(300)], 2: [offer(200)] }));
    expect(any.quotes.map((q) => q.fleet.id)).toEqual([1, 2]);
  });

  it('asks no fleet that cannot collect what the request and its plans require, naming what it cannot', async () => {
    const asked: number[] = [];
    const photos = plan({ requirements: { kinds: ['photo', 'minimum_age'], minimumAge: 18 } });
    const noCamera = fleet(1, { capabilities: ['signature'] });
    const courier = fleet(2, {
      connector: {
        kind: 'doordash',
        baseUrl: 'https://openapi.doordash.com',
        developerId: 'd',
        keyId: 'k',
        signingSecret: 's',
        timeoutMs: 1000,
      },
    });
    const result = await getQuotes(
      { ...request, carrierCode: 'OWN', requirements: { kinds: ['signature'], minimumAge: null } },
      deps([noCamera, courier, fleet(3)], [photos], { 3: [offer(100)] }, asked),
    );
    expect(asked).toEqual([3]);
    expect(result.errors.map((e) => [e.fleetId, e.status, e.details])).toEqual([
      [1, 'requirements_unmet', ['it cannot collect a photo of the delivered parcel', "it cannot collect a check of the recipient's age"]],
      // DoorDash's drop-off options have no minimum age.
      [2, 'requirements_unmet', ["it cannot collect a check of the recipient's age"]],
    ]);
  });
});
