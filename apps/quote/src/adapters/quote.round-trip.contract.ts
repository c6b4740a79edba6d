import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { StoredQuote } from '../domain/quote';
import type { QuoteRepository } from '../ports/quote.repository';

const text = fc.string({ maxLength: 30 });
const time = fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
const window = fc.record({ startTime: time, endTime: time });

const quote = fc.record<Omit<StoredQuote, 'id' | 'accountId'>>({
  fleetQuoteId: text,
  currencyCode: fc.constantFrom('USD', 'EUR', 'GBP'),
  fee: fc.integer({ min: 0, max: 1_000_000 }),
  priority: fc.integer({ min: 0, max: 1 }),
  deliveryTermsSupported: fc.boolean(),
  pickupWindow: window,
  dropoffWindow: window,
  expiresAt: time,
  capacity: fc.option(fc.integer({ min: 0, max: 1_000 }), { nil: null }),
  remainingCapacity: fc.option(fc.integer({ min: 0, max: 1_000 }), { nil: null }),
  fleet: fc.record({ id: fc.integer({ min: 1, max: 99 }), name: text, fleetType: fc.integer({ min: 0, max: 2 }), externalTeamId: text }),
  issuedAt: time,
  reservation: fc.option(
    fc.record({ key: text, status: fc.constantFrom('held' as const, 'confirmed' as const, 'released' as const), at: time }),
    {
      nil: null,
    },
  ),
});

/** Arbitrary issued quotes written through a repository and found back whole (for MongoDB: what its schema or BSON would change). */
export function describeQuoteRoundTrips(getQuotes: () => QuoteRepository) {
  it('keeps every field of arbitrary issued quotes', async () => {
    await fc.assert(
      fc.asyncProperty(quote, async (generated) => {
        const run = randomBytes(6).toString('hex');
        const stored: StoredQuote = { ...generated, id: `quo_${run}`, accountId: `acc_${run}` };
        await getQuotes().saveIssued([stored], []);
        expect(await getQuotes().find(stored.accountId, stored.id)).toEqual(stored);
      }),
      { numRuns: 40 },
    );
  });
}
