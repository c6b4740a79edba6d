import type { mongo } from 'mongoose';
import type { OutboxEntry, OutboxStore } from './outbox';

const DUPLICATE_KEY = 11000;

/**
 * The outbox inside the aggregate's own MongoDB documents: each document carries its
 * pending entries in an `outbox` array, so one single-document write (atomic without a
 * replica-set transaction) stores a change and its events together. Documents are read
 * oldest pending entry first (an ascending sort on an array path sorts by its least
 * element), each one's entries in the order they were written. Which relay leads is one
 * document per outbox in `outbox_leaders`.
 */
export class MongoDocumentOutbox implements OutboxStore {
  constructor(
    private readonly collection: mongo.Collection<mongo.Document>,
    private readonly leaders: mongo.Collection<mongo.Document>,
  ) {}

  async pending(limit: number): Promise<OutboxEntry[]> {
    const docs = await this.collection
      .find({ 'outbox.id': { $exists: true } }, { projection: { outbox: 1 } })
      .sort({ 'outbox.occurredAt': 1, _id: 1 })
      .limit(limit)
      .toArray();
    return docs.flatMap((doc) => doc.outbox as OutboxEntry[]).slice(0, limit);
  }

  async lead(relayId: string, forMs: number): Promise<boolean> {
    const now = new Date();
    try {
      // Matches when this relay leads or the lead lapsed; otherwise the upsert's insert meets the existing document.
      await this.leaders.updateOne(
        { _id: this.collection.collectionName, $or: [{ relayId }, { until: { $lte: now } }] } as mongo.Document,
        { $set: { relayId, until: new Date(now.getTime() + forMs) } },
        { upsert: true },
      );
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  async markPublished(ids: readonly string[]): Promise<void> {
    await this.collection.updateMany({ 'outbox.id': { $in: ids } }, { $pull: { outbox: { id: { $in: [...ids] } } } } as mongo.Document);
  }
}
