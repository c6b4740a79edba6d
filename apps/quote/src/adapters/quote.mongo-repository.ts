import mongoose, { Schema, type Connection, type Model } from 'mongoose';
import { TOPICS, type EventEnvelope } from '@delivery/contracts';
import { MongoDocumentOutbox, toOutboxEntry, type OutboxEntry } from '@delivery/outbox';
import type { ReservationStatus, StoredQuote } from '../domain/quote';
import type { QuoteRepository, ReserveResult } from '../ports/quote.repository';

type QuoteDocument = Omit<StoredQuote, 'id'> & { _id: string; outbox: OutboxEntry[] };
type WindowDocument = { _id: string; count: number };

const quoteSchema = new Schema<QuoteDocument>(
  { _id: String, accountId: String, expiresAt: String, reservation: Schema.Types.Mixed },
  { strict: false, versionKey: false, minimize: false },
);
quoteSchema.index({ expiresAt: 1 });
quoteSchema.index({ 'outbox.id': 1 }, { sparse: true });
const windowSchema = new Schema<WindowDocument>({ _id: String, count: Number }, { versionKey: false, minimize: false });

const DUPLICATE_KEY = 11000;
const windowId = (accountId: string, fleetId: number, windowStart: string) => JSON.stringify([accountId, fleetId, windowStart]);
const windowOf = (quote: StoredQuote) => windowId(quote.accountId, quote.fleet.id, quote.pickupWindow.startTime);

function toQuote(doc: QuoteDocument): StoredQuote {
  const { _id, outbox: _outbox, ...rest } = doc;
  return { id: _id, ...rest } as StoredQuote;
}

/**
 * Quotes in MongoDB. A window's reservations are a counter document raised only while
 * below capacity, so two reservations can never both take the last place.
 */
export class MongoQuoteRepository implements QuoteRepository {
  readonly outbox: MongoDocumentOutbox;

  private constructor(
    private readonly connection: Connection,
    private readonly quotes: Model<QuoteDocument>,
    private readonly windows: Model<WindowDocument>,
  ) {
    this.outbox = new MongoDocumentOutbox(quotes.collection);
  }

  static async connect(url: string): Promise<MongoQuoteRepository> {
    return MongoQuoteRepository.open(await mongoose.createConnection(url, { serverSelectionTimeoutMS: 5_000 }).asPromise());
  }

  /** Over an open connection, which the repository then owns and closes. */
  static async open(connection: Connection): Promise<MongoQuoteRepository> {
    const quotes = connection.model<QuoteDocument>('Quote', quoteSchema, 'quotes');
    const windows = connection.model<WindowDocument>('QuoteWindow', windowSchema, 'quote_windows');
    await quotes.createIndexes();
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
        $push: { outbox: { $each: events.map((e) => toOutboxEntry(TOPICS.quotes, e)) } },
      } as never,
    );
    if (result.modifiedCount === 1) return { outcome: 'reserved', quote: { ...quote, reservation } };
    // Another reservation took the quote meanwhile: give the place back and answer as for it.
    if (quote.capacity !== null) await this.windows.updateOne({ _id: windowOf(quote) }, { $inc: { count: -1 } });
    return this.reserve(accountId, quoteId, key, now, events);
  }

  async settle(accountId: string, quoteId: string, key: string, status: Exclude<ReservationStatus, 'held'>, now: Date): Promise<boolean> {
    const result = await this.quotes.collection.updateOne(
      { _id: quoteId, accountId, 'reservation.key': key, 'reservation.status': 'held' } as never,
      { $set: { 'reservation.status': status, 'reservation.at': now.toISOString() } } as never,
    );
    const quote = await this.find(accountId, quoteId);
    if (result.modifiedCount === 1) {
      if (status === 'released' && quote && quote.capacity !== null)
        await this.windows.updateOne({ _id: windowOf(quote) }, { $inc: { count: -1 } });
      return true;
    }
    return quote?.reservation?.key === key && quote.reservation.status === status;
  }

  async reservedInWindow(accountId: string, fleetId: number, windowStart: string): Promise<number> {
    return (await this.windows.findById(windowId(accountId, fleetId, windowStart)).lean())?.count ?? 0;
  }

  async purgeExpired(before: Date): Promise<number> {
    const result = await this.quotes.deleteMany({ reservation: null, expiresAt: { $lt: before.toISOString() } });
    return result.deletedCount;
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private async takeWindowPlace(quote: StoredQuote): Promise<boolean> {
    const _id = windowOf(quote);
    // Create the counter with an _id-only upsert (which MongoDB retries on a concurrent
    // insert), then raise it only below capacity: the last place goes to exactly one caller.
    await this.windows.updateOne({ _id }, { $setOnInsert: { count: 0 } }, { upsert: true }).catch((error: { code?: number }) => {
      if (error.code !== DUPLICATE_KEY) throw error;
    });
    const raised = await this.windows.updateOne({ _id, count: { $lt: quote.capacity } }, { $inc: { count: 1 } });
    return raised.modifiedCount === 1;
  }
}
