import { Schema, type Connection, type Model } from 'mongoose';
import { TOPICS, type EventEnvelope, type NotificationChannel } from '@delivery/contracts';
import { toOutboxEntry, type OutboxEntry } from '@delivery/outbox';
import { MongoDocumentOutbox, OUTBOX_PENDING_INDEX } from '@delivery/outbox/mongo';
import { REPLY_RETENTION_MS, type OptOut, type OptOutRepository } from '../ports/opt-out.repository';

/** An opt-out stays as a document when withdrawn (`optedOut` false), so the withdrawal's event has a document to wait in. */
type OptOutDocument = OptOut & { _id: string; optedOut: boolean; outbox: OutboxEntry[] };

const optOutSchema = new Schema<OptOutDocument>({ _id: String }, { strict: false, versionKey: false, minimize: false });
optOutSchema.index({ 'outbox.id': 1 }, { sparse: true });
optOutSchema.index(OUTBOX_PENDING_INDEX.key, OUTBOX_PENDING_INDEX.options);

/** A reply taken, by account and provider id; MongoDB's TTL monitor removes it after REPLY_RETENTION_MS. */
interface ReplyDocument {
  _id: string;
  at: Date;
}
const replySchema = new Schema<ReplyDocument>({ _id: String, at: Date }, { versionKey: false });
replySchema.index({ at: 1 }, { expireAfterSeconds: REPLY_RETENTION_MS / 1000 });

/** One document per account, channel and hash, so every read and write is by `_id`. */
const idOf = (accountId: string, channel: string, hash: string) => `${accountId}\n${channel}\n${hash}`;
const entries = (events: readonly EventEnvelope[]) => events.map((e) => toOutboxEntry(TOPICS.notifications, e));

/** Opt-outs in MongoDB, each change and its event in one single-document write. */
export class MongoOptOutRepository implements OptOutRepository {
  readonly outbox: MongoDocumentOutbox;

  private constructor(
    private readonly connection: Connection,
    private readonly optOuts: Model<OptOutDocument>,
    private readonly replies: Model<ReplyDocument>,
  ) {
    this.outbox = new MongoDocumentOutbox(optOuts.collection, connection.collection('outbox_leaders'));
  }

  /** Over an open connection, which it closes when closed (a connection other stores share too: a second close does nothing). */
  static async open(connection: Connection): Promise<MongoOptOutRepository> {
    const optOuts = connection.model<OptOutDocument>('NotificationOptOut', optOutSchema, 'notification_opt_outs');
    const replies = connection.model<ReplyDocument>('NotificationReply', replySchema, 'notification_replies');
    await Promise.all([optOuts.createIndexes(), replies.createIndexes()]);
    return new MongoOptOutRepository(connection, optOuts, replies);
  }

  async takeReply(accountId: string, replyRef: string, at: string): Promise<boolean> {
    try {
      await this.replies.collection.insertOne({ _id: `${accountId}\n${replyRef}`, at: new Date(at) } as never);
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false;
      throw error;
    }
  }

  async releaseReply(accountId: string, replyRef: string): Promise<void> {
    await this.replies.collection.deleteOne({ _id: `${accountId}\n${replyRef}` } as never);
  }

  async add(optOut: OptOut, events: readonly EventEnvelope[]): Promise<boolean> {
    const { accountId, channel, addressHash, source, at } = optOut;
    const result = await this.optOuts.collection
      .updateOne(
        { _id: idOf(accountId, channel, addressHash), optedOut: { $ne: true } } as never,
        { $set: { accountId, channel, addressHash, source, at, optedOut: true }, $push: { outbox: { $each: entries(events) } } } as never,
        { upsert: true },
      )
      .catch((error: { code?: number }) => {
        // The upsert met the document of an address already opted out: nothing to do.
        if (error.code === 11000) return { modifiedCount: 0, upsertedCount: 0 };
        throw error;
      });
    return result.modifiedCount + result.upsertedCount > 0;
  }

  async remove(
    accountId: string,
    channel: NotificationChannel,
    addressHashes: readonly string[],
    events: readonly EventEnvelope[],
  ): Promise<boolean> {
    for (const hash of addressHashes) {
      const result = await this.optOuts.collection.updateOne(
        { _id: idOf(accountId, channel, hash), optedOut: true } as never,
        { $set: { optedOut: false }, $push: { outbox: { $each: entries(events) } } } as never,
      );
      if (result.modifiedCount > 0) return true;
    }
    return false;
  }

  async has(accountId: string, channel: NotificationChannel, addressHashes: readonly string[]): Promise<boolean> {
    const found = await this.optOuts.collection.findOne(
      { _id: { $in: addressHashes.map((h) => idOf(accountId, channel, h)) }, optedOut: true } as never,
      { projection: { _id: 1 } },
    );
    return found !== null;
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}
