import { TOPICS, type EventEnvelope } from '@delivery/contracts';
import { type EmbeddedStore, type EmbeddedTable, openRecordTable } from '@delivery/embedded-store';
import { EmbeddedOutbox } from '@delivery/outbox/embedded';
import type { ReservationStatus, StoredQuote } from '../domain/quote';
import type { QuoteRepository, ReserveResult } from '../ports/quote.repository';

type WindowKey = [accountId: string, fleetId: number, windowStart: string];
const windowOf = (quote: StoredQuote): WindowKey => [quote.accountId, quote.fleet.id, quote.pickupWindow.startTime];

/** Quotes on the embedded LMDB store; a reservation and its window count change in one transaction. */
export class EmbeddedQuoteRepository implements QuoteRepository {
  private readonly quotes: EmbeddedTable<StoredQuote, string>;
  private readonly reservedPerWindow: EmbeddedTable<number, WindowKey>;
  readonly outbox: EmbeddedOutbox;

  constructor(store: EmbeddedStore) {
    this.quotes = openRecordTable<StoredQuote, string>(store, 'quotes');
    this.reservedPerWindow = store.openDB<number, WindowKey>({ name: 'reserved-per-window' });
    this.outbox = new EmbeddedOutbox(store, TOPICS.quotes);
  }

  async saveIssued(quotes: readonly StoredQuote[], events: readonly EventEnvelope[]): Promise<void> {
    await this.quotes.transaction(() => {
      for (const quote of quotes) this.quotes.put(quote.id, quote);
      this.outbox.append(events);
    });
  }

  async find(accountId: string, quoteId: string): Promise<StoredQuote | null> {
    const quote = this.quotes.get(quoteId);
    return quote?.accountId === accountId ? quote : null;
  }

  async reserve(accountId: string, quoteId: string, key: string, now: Date, events: readonly EventEnvelope[]): Promise<ReserveResult> {
    return this.quotes.transaction((): ReserveResult => {
      const quote = this.quotes.get(quoteId);
      if (!quote || quote.accountId !== accountId) return { outcome: 'not-found' };
      if (quote.reservation) {
        const ours = quote.reservation.key === key && quote.reservation.status !== 'released';
        return ours ? { outcome: 'reserved', quote } : { outcome: 'already-used', quote };
      }
      if (Date.parse(quote.expiresAt) <= now.getTime()) return { outcome: 'expired', quote };
      if (quote.capacity !== null) {
        const taken = this.reservedPerWindow.get(windowOf(quote)) ?? 0;
        if (taken >= quote.capacity) return { outcome: 'no-capacity', quote };
        this.reservedPerWindow.put(windowOf(quote), taken + 1);
      }
      const reserved: StoredQuote = { ...quote, reservation: { key, status: 'held', at: now.toISOString() } };
      this.quotes.put(quoteId, reserved);
      this.outbox.append(events);
      return { outcome: 'reserved', quote: reserved };
    });
  }

  async settle(accountId: string, quoteId: string, key: string, status: Exclude<ReservationStatus, 'held'>, now: Date): Promise<boolean> {
    return this.quotes.transaction(() => {
      const quote = this.quotes.get(quoteId);
      if (!quote || quote.accountId !== accountId || quote.reservation?.key !== key) return false;
      if (quote.reservation.status === status) return true;
      if (quote.reservation.status !== 'held') return false;
      if (status === 'released' && quote.capacity !== null) {
        this.reservedPerWindow.put(windowOf(quote), Math.max(0, (this.reservedPerWindow.get(windowOf(quote)) ?? 1) - 1));
      }
      this.quotes.put(quoteId, { ...quote, reservation: { key, status, at: now.toISOString() } });
      return true;
    });
  }

  async reservedInWindow(accountId: string, fleetId: number, windowStart: string): Promise<number> {
    return this.reservedPerWindow.get([accountId, fleetId, windowStart]) ?? 0;
  }

  /** A reservation and a release are each one transaction here: nothing is ever left half done. */
  async returnLostPlaces(): Promise<number> {
    return 0;
  }

  async purgeExpired(before: Date): Promise<number> {
    return this.quotes.transaction(() => {
      let purged = 0;
      for (const { key, value } of this.quotes.getRange()) {
        if (!value.reservation && Date.parse(value.expiresAt) < before.getTime()) {
          this.quotes.remove(key);
          purged += 1;
        }
      }
      for (const { key } of this.reservedPerWindow.getRange()) {
        if (Date.parse(key[2]) < before.getTime()) this.reservedPerWindow.remove(key);
      }
      return purged;
    });
  }

  async close(): Promise<void> {}
}
