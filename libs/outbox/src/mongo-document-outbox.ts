import type { mongo } from 'mongoose';
import type { Lead, OutboxEntry, OutboxStore } from './outbox';

const DUPLICATE_KEY = 11000;

/**
 * The outbox inside the aggregate's own MongoDB documents: each document carries its
 * pending entries in an `outbox` array, so one single-document write (atomic without a
 * replica-set transaction) stores a change and its events together. Documents are read
 * oldest pending entry first (an ascending sort on an array path sorts by its least
 * element), each one's entries in the order they were written. Which relay leads is one
 * document per outbox in `outbox_leaders`.
 */
/** What the relay reads: documents with a pending entry, as the partial index below holds them, oldest first. */
export const OUTBOX_READ = {
  filter: { 'outbox.occurredAt': { $exists: true } },
  sort: { 'outbox.occurredAt': 1, _id: 1 },
} as const;

/**
 * The index the relay's read needs, for every store keeping an outbox in its documents: only
 * documents with pending entries are in it (a partial index on the read's own filter, so the
 * planner takes it), in the read's order (`_id` the tie-break), so the read is an index scan
 * of the backlog with no sort, however many documents the collection holds. (The sparse
 * `{outbox.occurredAt, _id}` index it replaces held every document, `_id` being in every
 * one, and the read could not use it.) `outbox.id` last makes its key pattern its own.
 */
export const OUTBOX_PENDING_INDEX = {
  key: { 'outbox.occurredAt': 1, _id: 1, 'outbox.id': 1 },
  options: { name: 'outbox_pending', partialFilterExpression: OUTBOX_READ.filter },
} as const;

export class MongoDocumentOutbox implements OutboxStore {
  constructor(
    private readonly collection: mongo.Collection<mongo.Document>,
    private readonly leaders: mongo.Collection<mongo.Document>,
  ) {}

  async pending(limit: number): Promise<OutboxEntry[]> {
    const docs = await this.collection
      .find(OUTBOX_READ.filter, { projection: { outbox: 1 } })
      .sort(OUTBOX_READ.sort)
      .limit(limit)
      .toArray();
    // Entries written before they carried `occurredAt` are not in the index: read by the sparse `outbox.id` one, when the backlog is short.
    const older =
      docs.length < limit
        ? await this.collection
            .find({ 'outbox.id': { $exists: true }, 'outbox.occurredAt': { $exists: false } }, { projection: { outbox: 1 } })
            .limit(limit - docs.length)
            .toArray()
        : [];
    return [...older, ...docs].flatMap((doc) => doc.outbox as OutboxEntry[]).slice(0, limit);
  }

  async lead(relayId: string, forMs: number): Promise<Lead> {
    const now = new Date();
    try {
      // Matches when this relay leads or the lead lapsed; otherwise the upsert's insert meets the existing document.
      await this.leaders.updateOne(
        { _id: this.collection.collectionName, $or: [{ relayId }, { until: { $lte: now } }] } as mongo.Document,
        { $set: { relayId, until: new Date(now.getTime() + forMs) } },
        { upsert: true },
      );
      return { led: true };
    } catch (error) {
      if ((error as { code?: unknown }).code !== DUPLICATE_KEY) throw error;
      const current = await this.leaders.findOne({ _id: this.collection.collectionName } as mongo.Document);
      return { led: false, heldUntil: (current?.until as Date | undefined)?.getTime() ?? now.getTime() };
    }
  }

  async markPublished(ids: readonly string[]): Promise<void> {
    await this.collection.updateMany({ 'outbox.id': { $in: ids } }, { $pull: { outbox: { id: { $in: [...ids] } } } } as mongo.Document);
  }
}
