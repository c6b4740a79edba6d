import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@delivery/contracts';
import type { StoredQuote } from '../domain/quote';
import type { QuoteRepository } from '../ports/quote.repository';
import { describeQuoteRoundTrips } from './quote.round-trip.contract';
import { aStoredQuote } from '../testing/quote.fixture';

export function describeQuoteRepositoryContract(name: string, make: () => Promise<QuoteRepository>, release?: () => Promise<void>) {
  describe(`QuoteRepository contract: ${name}`, () => {
    let quotes: QuoteRepository;
    const before = new Date('2026-11-23T09:10:00.000Z');
    const after = new Date('2026-11-23T09:40:00.000Z');
    const account = () => `acc_${randomBytes(6).toString('hex')}`;
    const issued = (quote: StoredQuote): EventEnvelope => ({
      id: `evt_${randomBytes(6).toString('hex')}`,
      type: 'QuoteIssued',
      version: 1,
      occurredAt: quote.issuedAt,
      accountId: quote.accountId,
      correlationId: 'c',
      causationId: null,
      subject: quote.id,
      data: {},
    });
    const drain = async () => quotes.outbox.markPublished((await quotes.outbox.pending(10_000)).map((e) => e.id));

    beforeAll(async () => {
      quotes = await make();
    });
    afterAll(async () => {
      await quotes.close();
      await release?.();
    });
    beforeEach(drain);

    describeQuoteRoundTrips(() => quotes);

    it('stores issued quotes with their events and finds them only for their account', async () => {
      const accountId = account();
      const [a, b] = [aStoredQuote({ accountId }), aStoredQuote({ accountId, priority: 1 })];
      await quotes.saveIssued([a, b], [issued(a), issued(b)]);
      expect(await quotes.find(accountId, a.id)).toEqual(a);
      expect(await quotes.find(account(), a.id)).toBeNull();
      expect((await quotes.outbox.pending(100)).map((e) => e.key).sort()).toEqual([a.id, b.id].sort());
      expect((await quotes.outbox.pending(100)).every((e) => e.topic === 'delivery.quotes.v1')).toBe(true);
    });

    it('reserves a quote once: again for the same key, never for another', async () => {
      const quote = aStoredQuote({ accountId: account() });
      await quotes.saveIssued([quote], []);
      const first = await quotes.reserve(quote.accountId, quote.id, 'order-1', before, []);
      expect(first).toMatchObject({ outcome: 'reserved', quote: { reservation: { key: 'order-1', status: 'held' } } });
      expect(await quotes.reserve(quote.accountId, quote.id, 'order-1', before, [])).toMatchObject({ outcome: 'reserved' });
      expect(await quotes.reserve(quote.accountId, quote.id, 'order-2', before, [])).toMatchObject({ outcome: 'already-used' });
      expect(await quotes.reservedInWindow(quote.accountId, quote.fleet.id, quote.pickupWindow.startTime)).toBe(1);
    });

    it('answers not-found for an unknown or foreign quote, and expired past its expiry', async () => {
      const quote = aStoredQuote({ accountId: account() });
      await quotes.saveIssued([quote], []);
      expect(await quotes.reserve(quote.accountId, 'qte_unknown', 'k', before, [])).toEqual({ outcome: 'not-found' });
      expect(await quotes.reserve(account(), quote.id, 'k', before, [])).toEqual({ outcome: 'not-found' });
      expect(await quotes.reserve(quote.accountId, quote.id, 'k', after, [])).toMatchObject({ outcome: 'expired' });
    });

    it("never lets a window take more reservations than the fleet's capacity, even at once", async () => {
      const accountId = account();
      const window = {
        startTime: `2026-11-24T08:00:00.${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}Z`,
        endTime: '2026-11-24T10:00:00.000Z',
      };
      const offers = Array.from({ length: 5 }, () => aStoredQuote({ accountId, capacity: 2, pickupWindow: window }));
      await quotes.saveIssued(offers, []);
      const results = await Promise.all(offers.map((q, i) => quotes.reserve(accountId, q.id, `order-${i}`, before, [])));
      expect(results.filter((r) => r.outcome === 'reserved')).toHaveLength(2);
      expect(results.filter((r) => r.outcome === 'no-capacity')).toHaveLength(3);
      expect(await quotes.reservedInWindow(accountId, 1, window.startTime)).toBe(2);
    });

    it('gives the place back when a hold is released, not when it is confirmed', async () => {
      const accountId = account();
      const window = { startTime: '2026-11-25T08:00:00.000Z', endTime: '2026-11-25T10:00:00.000Z' };
      const [a, b, c] = [1, 2, 3].map(() => aStoredQuote({ accountId, capacity: 1, pickupWindow: window }));
      await quotes.saveIssued([a!, b!, c!], []);
      await quotes.reserve(accountId, a!.id, 'order-a', before, []);
      expect(await quotes.settle(accountId, a!.id, 'order-a', 'released', before)).toBe(true);
      expect(await quotes.reservedInWindow(accountId, 1, window.startTime)).toBe(0);
      expect(await quotes.reserve(accountId, a!.id, 'order-a', before, [])).toMatchObject({ outcome: 'already-used' });

      expect(await quotes.reserve(accountId, b!.id, 'order-b', before, [])).toMatchObject({ outcome: 'reserved' });
      expect(await quotes.settle(accountId, b!.id, 'order-b', 'confirmed', before)).toBe(true);
      expect(await quotes.settle(accountId, b!.id, 'order-b', 'confirmed', before)).toBe(true);
      expect(await quotes.settle(accountId, b!.id, 'order-x', 'confirmed', before)).toBe(false);
      expect(await quotes.settle(accountId, b!.id, 'order-b', 'released', before)).toBe(false);
      expect(await quotes.reserve(accountId, c!.id, 'order-c', before, [])).toMatchObject({ outcome: 'no-capacity' });
    });

    it('writes the reservation events only when it reserves', async () => {
      const quote = aStoredQuote({ accountId: account() });
      await quotes.saveIssued([quote], []);
      await quotes.reserve(quote.accountId, quote.id, 'k', before, [issued(quote)]);
      await quotes.reserve(quote.accountId, quote.id, 'k', before, [issued(quote)]);
      await quotes.reserve(quote.accountId, quote.id, 'other', before, [issued(quote)]);
      expect(await quotes.outbox.pending(100)).toHaveLength(1);
    });

    it('purges expired quotes that were never reserved', async () => {
      const accountId = account();
      const stale = aStoredQuote({ accountId });
      const reserved = aStoredQuote({ accountId });
      const fresh = aStoredQuote({ accountId, expiresAt: '2026-11-23T12:00:00.000Z' });
      await quotes.saveIssued([stale, reserved, fresh], []);
      await quotes.reserve(accountId, reserved.id, 'k', before, []);
      expect(await quotes.purgeExpired(after)).toBeGreaterThanOrEqual(1);
      expect(await quotes.find(accountId, stale.id)).toBeNull();
      expect(await quotes.find(accountId, reserved.id)).not.toBeNull();
      expect(await quotes.find(accountId, fresh.id)).not.toBeNull();
    });

    it('forgets the places of windows that started before the purge, and only those', async () => {
      const accountId = account();
      const past = aStoredQuote({ accountId, expiresAt: '2026-11-24T12:00:00.000Z' });
      const later = aStoredQuote({
        accountId,
        expiresAt: '2026-11-24T12:00:00.000Z',
        pickupWindow: { startTime: '2026-11-24T10:00:00.000Z', endTime: '2026-11-24T12:00:00.000Z' },
      });
      await quotes.saveIssued([past, later], []);
      await quotes.reserve(accountId, past.id, 'k', before, []);
      await quotes.reserve(accountId, later.id, 'k', before, []);
      await quotes.purgeExpired(new Date('2026-11-23T10:00:01.000Z'));
      expect(await quotes.reservedInWindow(accountId, 1, past.pickupWindow.startTime)).toBe(0);
      expect(await quotes.reservedInWindow(accountId, 1, later.pickupWindow.startTime)).toBe(1);
    });
  });
}
