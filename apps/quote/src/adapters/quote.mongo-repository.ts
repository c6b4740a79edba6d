import { Schema, type Connection, type Model } from 'mongoose';
import { openMongoConnection } from '@delivery/config/mongo';
import { TOPICS, type EventEnvelope } from '@delivery/contracts';
import { toOutboxEntry, type OutboxEntry } from '@delivery/outbox';
import { MongoDocumentOutbox } from '@delivery/outbox/mongo';
import type { ReservationStatus, StoredQuote } from '../domain/quote';
import type { QuoteRepository, ReserveResult } from '../ports/quote.repository';

/**
 * `placeTaken`: the quote is taking a place in its window and not yet reserved;
 * `placeToReturn`: its hold was released and its place not yet given back. Each marks a
 * step between two writes, so a crash between them is found and finished later.
 */
type QuoteDocument = Omit<StoredQuote, 'id'> & { _id: string; outbox: OutboxEntry[]; placeTaken?: true; placeToReturn?: true };
/** A fleet's window: the quotes holding its places (held or confirmed), and when it is forgotten. */
type WindowDocument = { _id: string; holders: string[]; removeAt: Date };

const quoteSchema = new Schema<QuoteDocument>(
  { _id: String, accountId: String, expiresAt: String, reservation: Schema.Types.Mixed },
  { strict: false, versionKey: false, minimize: false },
);
quoteSchema.index({ expiresAt: 1 });
quoteSchema.index({ 'outbox.id': 1 }, { sparse: true });
quoteSchema.index({ 'outbox.occurredAt': 1, _id: 1 }, { sparse: true });
quoteSchema.index({ placeTaken: 1 }, { sparse: true });
quoteSchema.index({ placeToReturn: 1 }, { sparse: true });
const windowSchema = new Schema<WindowDocument>({ _id: String, holders: [String], removeAt: Date }, { versionKey: false, minimize: false });
// A window is forgotten a day after it starts: no quote or reservation asks for it again.
windowSchema.index({ removeAt: 1 }, { expireAfterSeconds: 0 });
const WINDOW_KEPT_MS = 24 * 60 * 60 * 1000;

const DUPLICATE_KEY = 11000;
const windowId = (accountId: string, fleetId: number, windowStart: string) => JSON.stringify([accountId, fleetId, windowStart]);
const windowOf = (quote: StoredQuote) => windowId(quote.accountId, quote.fleet.id, quote.pickupWindow.startTime);

function toQuote(doc: QuoteDocument): StoredQuote {
  const { _id, outbox: _outbox, placeTaken: _taken, placeToReturn: _toReturn, ...rest } = doc;
  return { id: _id, ...rest } as StoredQuote;
}

/**
 * Quotes in MongoDB. A window's places are the ids of the quotes holding them, added only
 * while below capacity, so two reservations can never both take the last place, and a
 * quote taking its place again takes the same one. Without a transaction, a reservation
 * is three writes (mark the quote, take the place, reserve) and a release three more; a
 * crash between them leaves a mark that `returnLostPlaces` finds and finishes.
 */
export class MongoQuoteRepository implements QuoteRepository {
  readonly outbox: MongoDocumentOutbox;

  private constructor(
    private readonly connection: Connection,
    private readonly quotes: Model<QuoteDocument>,
    private readonly windows: Model<WindowDocument>,
  ) {
    this.outbox = new MongoDocumentOutbox(quotes.collection, connection.collection('outbox_leaders'));
  }

  static async connect(url: string): Promise<MongoQuoteRepository> {
    return MongoQuoteRepository.open(await openMongoConnection(url));
  }

  /** Over an open connection, which it closes when closed (a connection other stores share too: a second close does nothing). */
  static async open(connection: Connection): Promise<MongoQuoteRepository> {
    const quotes = connection.model<QuoteDocument>('Quote', quoteSchema, 'quotes');
    const windows = connection.model<WindowDocument>('QuoteWindow', windowSchema, 'quote_windows');
    await Promise.all([quotes.createIndexes(), windows.createIndexes()]);
    return new MongoQuoteRepository(connection, quotes, windows);
  }

  async saveIssued(quotes: readonly StoredQuote[], events: readonly EventEnvelope[]): Promise<void> {
    if (quotes.length === 0) return;
    const docs = quotes.map(({ id, ...rest }) => ({
      _id: id,
      ...rest,
      outbox: events.filter((e) => e.subject === id).map((e) => toOutboxEntry(TOPICS.quotes, e)),
    }));
    await this.quotes.collection.insertMany(docs as never[], { ordered: true });
  }

  async find(accountId: string, quoteId: string): Promise<StoredQuote | null> {
    const doc = await this.quotes.collection.findOne({ _id: quoteId, accountId } as never);
    return doc ? toQuote(doc as unknown as QuoteDocument) : null;
  }

  async reserve(accountId: string, quoteId: string, key: string, now: Date, events: readonly EventEnvelope[]): Promise<ReserveResult> {
    const quote = await this.find(accountId, quoteId);
    if (!quote) return { outcome: 'not-found' };
    if (quote.reservation) {
      const ours = quote.reservation.key === key && quote.reservation.status !== 'released';
      return ours ? { outcome: 'reserved', quote } : { outcome: 'already-used', quote };
    }
    if (Date.parse(quote.expiresAt) <= now.getTime()) return { outcome: 'expired', quote };
    if (quote.capacity !== null && !(await this.takeWindowPlace(quote))) return { outcome: 'no-capacity', quote };

    const reservation = { key, status: 'held' as const, at: now.toISOString() };
    const result = await this.quotes.collection.updateOne(
      { _id: quoteId, reservation: null } as never,
      {
        $set: { reservation },
        $unset: { placeTaken: '' },
        $push: { outbox: { $each: events.map((e) => toOutboxEntry(TOPICS.quotes, e)) } },
      } as never,
    );
    if (result.modifiedCount === 1) return { outcome: 'reserved', quote: { ...quote, reservation } };
    // Another reservation took the quote meanwhile (its place is the quote's, held once): answer as for it.
    return this.reserve(accountId, quoteId, key, now, events);
  }

  async settle(accountId: string, quoteId: string, key: string, status: Exclude<ReservationStatus, 'held'>, now: Date): Promise<boolean> {
    const result = await this.quotes.collection.updateOne(
      { _id: quoteId, accountId, 'reservation.key': key, 'reservation.status': 'held' } as never,
      {
        $set: { 'reservation.status': status, 'reservation.at': now.toISOString(), ...(status === 'released' && { placeToReturn: true }) },
      } as never,
    );
    const quote = await this.find(accountId, quoteId);
    if (result.modifiedCount === 1) {
      if (status === 'released' && quote) await this.returnPlace(quote);
      return true;
    }
    return quote?.reservation?.key === key && quote.reservation.status === status;
  }

  async returnLostPlaces(now: Date): Promise<number> {
    const lost = await this.quotes.collection
      .find({
        $or: [{ placeToReturn: true }, { placeTaken: true, reservation: null, expiresAt: { $lt: now.toISOString() } }],
      } as never)
      .toArray();
    for (const doc of lost) await this.returnPlace(toQuote(doc as unknown as QuoteDocument));
    return lost.length;
  }

  async reservedInWindow(accountId: string, fleetId: number, windowStart: string): Promise<number> {
    return (await this.windows.findById(windowId(accountId, fleetId, windowStart)).lean())?.holders.length ?? 0;
  }

  async purgeExpired(before: Date): Promise<number> {
    const result = await this.quotes.deleteMany({ reservation: null, placeTaken: { $ne: true }, expiresAt: { $lt: before.toISOString() } });
    // The TTL index removes a window a day after it starts; a shorter retention removes it here first.
    await this.windows.deleteMany({ removeAt: { $lt: new Date(before.getTime() + WINDOW_KEPT_MS) } });
    return result.deletedCount;
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private async takeWindowPlace(quote: StoredQuote): Promise<boolean> {
    const capacity = quote.capacity ?? 0;
    if (capacity <= 0) return false;
    await this.quotes.collection.updateOne({ _id: quote.id, reservation: null } as never, { $set: { placeTaken: true } } as never);
    const _id = windowOf(quote);
    // Create the window with an _id-only upsert (which MongoDB retries on a concurrent
    // insert), then add the quote only below capacity: the last place goes to exactly one quote.
    const removeAt = new Date(Date.parse(quote.pickupWindow.startTime) + WINDOW_KEPT_MS);
    await this.windows
      .updateOne({ _id }, { $setOnInsert: { holders: [], removeAt } }, { upsert: true })
      .catch((error: { code?: number }) => {
        if (error.code !== DUPLICATE_KEY) throw error;
      });
    const taken = await this.windows.updateOne(
      { _id, $or: [{ holders: quote.id }, { [`holders.${capacity - 1}`]: { $exists: false } }] },
      { $addToSet: { holders: quote.id } },
    );
    if (taken.matchedCount === 1) return true;
    await this.quotes.collection.updateOne({ _id: quote.id } as never, { $unset: { placeTaken: '' } } as never);
    return false;
  }

  /** Gives a quote's place back, then clears the marks that said it was owed: both idempotent. */
  private async returnPlace(quote: StoredQuote): Promise<void> {
    await this.windows.updateOne({ _id: windowOf(quote) }, { $pull: { holders: quote.id } });
    await this.quotes.collection.updateOne({ _id: quote.id } as never, { $unset: { placeTaken: '', placeToReturn: '' } } as never);
  }
}
