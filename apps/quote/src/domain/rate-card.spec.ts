import { DEFAULT_RATE_CARD, type RateCardConnector } from '@delivery/accounts';
import { NO_REQUIREMENTS } from '@delivery/contracts';
import { FleetQuoteError, type QuoteRequest } from './quote';
import { rateCardFee, rateCardQuotes } from './rate-card';

const card: RateCardConnector = { ...DEFAULT_RATE_CARD, currency: 'USD' };
const request = (overrides: Partial<QuoteRequest> = {}): QuoteRequest => ({
  accountId: 'acc',
  correlationId: 'c',
  carrierCode: null,
  serviceLevel: 'STANDARD',
  shipDate: null,
  deliveryDate: null,
  currencyCode: 'USD',
  monetaryValue: 100,
  packages: [
    { contentDescription: 'Shoes', weightKg: 2, dimensionsCm: null },
    { contentDescription: 'Socks', weightKg: 0.5, dimensionsCm: null },
  ],
  pickup: { contact: null, address: null },
  dropoff: { contact: null, address: null },
  requirements: NO_REQUIREMENTS,
  ...overrides,
});
const nothingReserved = async () => 0;
const refusal = (quoting: Promise<unknown>) =>
  quoting.then(
    () => {
      throw new Error('quoted');
    },
    (e: unknown) => e as FleetQuoteError,
  );
const monday9 = new Date('2026-11-23T09:00:00.000Z');

describe('rate card', () => {
  it('prices base + per package + per kg + declared-value share, times the service level, in minor units', () => {
    // 500 + 2 x 100 + 2.5 kg x 50 + 10000 x 50 / 10000 = 875
    expect(rateCardFee(card, request())).toBe(875);
    expect(rateCardFee(card, request({ serviceLevel: 'EXPRESS' }))).toBe(1313);
  });

  it('offers a standard and a priority quote in the first working window after the lead time', async () => {
    const [standard, priority] = await rateCardQuotes(card, request(), monday9, nothingReserved, 0);
    expect(standard).toMatchObject({
      fee: 875,
      priority: 0,
      currencyCode: 'USD',
      pickupWindow: { startTime: '2026-11-23T10:00:00.000Z', endTime: '2026-11-23T12:00:00.000Z' },
      dropoffWindow: { startTime: '2026-11-23T11:30:00.000Z', endTime: '2026-11-23T13:30:00.000Z' },
      expiresAt: '2026-11-23T09:30:00.000Z',
      capacity: 10,
    });
    expect(priority).toMatchObject({
      fee: 1138,
      priority: 1,
      dropoffWindow: { startTime: '2026-11-23T11:30:00.000Z', endTime: '2026-11-23T12:30:00.000Z' },
    });
    expect(standard!.fleetQuoteId).not.toBe(priority!.fleetQuoteId);
  });

  it('offers every window it can take, earliest first, up to the number it offers, each with its capacity left', async () => {
    const reserved = async (start: string) => (start === '2026-11-23T12:00:00.000Z' ? 3 : 0);
    const quotes = await rateCardQuotes({ ...card, windowsOffered: 3 }, request(), monday9, reserved, 0);
    const standards = quotes.filter((q) => q.priority === 0);
    expect(standards.map((q) => [q.pickupWindow.startTime, q.remainingCapacity])).toEqual([
      ['2026-11-23T10:00:00.000Z', 10],
      ['2026-11-23T12:00:00.000Z', 7],
      ['2026-11-23T14:00:00.000Z', 10],
    ]);
    expect(quotes).toHaveLength(6);
    expect(new Set(quotes.map((q) => q.fleetQuoteId)).size).toBe(6);
  });

  it('starts no earlier than shipDate, and rolls over to the next working day', async () => {
    const [late] = await rateCardQuotes(card, request({ shipDate: '2026-11-23T19:30:00.000Z' }), monday9, nothingReserved, 0);
    expect(late!.pickupWindow.startTime).toBe('2026-11-24T08:00:00.000Z');
  });

  it('skips windows whose capacity is taken', async () => {
    const full = async (start: string) => (start === '2026-11-23T10:00:00.000Z' ? 10 : 0);
    const [quote] = await rateCardQuotes(card, request(), monday9, full, 0);
    expect(quote!.pickupWindow.startTime).toBe('2026-11-23T12:00:00.000Z');
  });

  it('offers only the priority quote when only its drop-off fits before deliveryDate', async () => {
    const quotes = await rateCardQuotes(card, request({ deliveryDate: '2026-11-23T12:45:00.000Z' }), monday9, nothingReserved, 0);
    expect(quotes.map((q) => q.priority)).toEqual([1]);
  });

  it('fails with "missing item description" when a package has none', async () => {
    const undescribed = request({
      packages: [
        { contentDescription: 'Shoes', weightKg: 1, dimensionsCm: null },
        { contentDescription: ' ', weightKg: 1, dimensionsCm: null },
      ],
    });
    await expect(rateCardQuotes(card, undescribed, monday9, nothingReserved, 0)).rejects.toMatchObject({
      message: 'missing item description in estimate',
      details: ['package 2 has no contentDescription'],
    });
  });

  it('quotes goods valued in another currency in its own, without the value-based share', async () => {
    // 500 + 2 x 100 + 2.5 kg x 50 = 825: the EUR value is not converted (no exchange rates held)
    expect(rateCardFee(card, request({ currencyCode: 'EUR' }))).toBe(825);
    const [standard] = await rateCardQuotes(card, request({ currencyCode: 'EUR' }), monday9, nothingReserved, 0);
    expect(standard).toMatchObject({ fee: 825, currencyCode: 'USD' });
  });

  it('reads goods without a currency as valued in its own', () => {
    expect(rateCardFee(card, request({ currencyCode: null }))).toBe(875);
  });

  it("fails an internal fleet's auto-dispatch when no window before deliveryDate has capacity", async () => {
    const full = async () => 10;
    const error = await refusal(rateCardQuotes(card, request({ deliveryDate: '2026-11-23T20:00:00.000Z' }), monday9, full, 0));
    expect(error).toBeInstanceOf(FleetQuoteError);
    expect(error.message).toBe('auto-dispatch failed: the internal fleet has no capacity left');
    expect(error.status).toBe('full');
    await expect(rateCardQuotes(card, request(), monday9, full, 1)).rejects.toMatchObject({ message: 'the fleet has no capacity left' });
  });

  it('says a request at 18:00 for a drop-off within 6 hours falls outside working hours, not that the fleet is full', async () => {
    const evening = new Date('2026-11-23T18:05:00.000Z');
    const error = await refusal(rateCardQuotes(card, request({ deliveryDate: '2026-11-24T00:05:00.000Z' }), evening, nothingReserved, 0));
    expect(error).toMatchObject({
      message: "no pickup window before 2026-11-24T00:05:00.000Z falls in the fleet's working hours",
      status: 'outside_working_hours',
      details: ['working hours 08:00–20:00 (UTC)'],
    });
  });

  it('says when the cutoff has passed for every window in range', async () => {
    const at0930 = new Date('2026-11-23T09:30:00.000Z');
    const error = await refusal(rateCardQuotes(card, request({ deliveryDate: '2026-11-23T13:00:00.000Z' }), at0930, nothingReserved, 0));
    expect(error).toMatchObject({
      status: 'past_cutoff',
      message: 'the cutoff has passed for every window before 2026-11-23T13:00:00.000Z',
    });
    expect(error.details[0]).toBe('1 window(s) past their cutoff: windows close 60 minutes before they start');
  });

  it('says when a window is open before the delivery date but its drop-off cannot end by it', async () => {
    const error = await refusal(
      rateCardQuotes(
        card,
        request({ shipDate: '2026-11-23T15:00:00.000Z', deliveryDate: '2026-11-23T18:00:00.000Z' }),
        monday9,
        nothingReserved,
        0,
      ),
    );
    expect(error).toMatchObject({ status: 'delivery_date_too_soon', message: 'no drop-off can end by 2026-11-23T18:00:00.000Z' });
    expect(error.details).toContain('a drop-off ends at the earliest 150 minutes after its pickup window starts');
  });

  it('says when the only days in range are blackout dates', async () => {
    const holiday = { ...card, blackoutDates: ['2026-11-24'] };
    const error = await refusal(
      rateCardQuotes(
        holiday,
        request({ shipDate: '2026-11-24T00:00:00.000Z', deliveryDate: '2026-11-24T23:00:00.000Z' }),
        monday9,
        nothingReserved,
        0,
      ),
    );
    expect(error).toMatchObject({ status: 'blackout', message: 'the fleet does not work on the dates before 2026-11-24T23:00:00.000Z' });
    expect(error.details).toContain('the fleet does not work on 2026-11-24');
  });

  it('refuses a shipment heavier, or a package longer, than the fleet carries', async () => {
    const van = { ...card, maxWeightKg: 2, maxLengthCm: 50 };
    await expect(rateCardQuotes(van, request(), monday9, nothingReserved, 0)).rejects.toMatchObject({
      status: 'too_heavy',
      details: ['the packages weigh 2.5 kg; the fleet carries up to 2 kg'],
    });
    const long = request({ packages: [{ contentDescription: 'Rug', weightKg: 1, dimensionsCm: { length: 180, width: 30, height: 30 } }] });
    await expect(rateCardQuotes(van, long, monday9, nothingReserved, 0)).rejects.toMatchObject({
      status: 'too_large',
      message: 'a package is too large for the fleet',
    });
  });
});
