import type { mongo } from 'mongoose';
import type { OutboxEntry, OutboxStore } from './outbox';

/**
 * The outbox inside the aggregate's own MongoDB documents: each document carries its
 * pending entries in an `outbox` array, so one single-document write (atomic without a
 * replica-set transaction) stores a change and its events together.
 */
export class MongoDocumentOutbox implements OutboxStore {
  constructor(private readonly collection: mongo.Collection<mongo.Document>) {}

  async pending(limit: number): Promise<OutboxEntry[]> {
    const docs = await this.collection
      .find({ 'outbox.id': { $exists: true } }, { projection: { outbox: 1 } })
      .limit(limit)
      .toArray();
    return docs.flatMap((doc) => doc.outbox as OutboxEntry[]).slice(0, limit);
  }

  async markPublished(ids: readonly string[]): Promise<void> {
    await this.collection.updateMany({ 'outbox.id': { $in: ids } }, { $pull: { outbox: { id: { $in: [...ids] } } } } as mongo.Document);
  }
}
