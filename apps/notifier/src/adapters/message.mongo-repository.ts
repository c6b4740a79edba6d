import type { HotQuery } from '@delivery/config';
import { openMongoConnection } from '@delivery/config/mongo';
import { TOPICS, type EventEnvelope, type MessageStatus, type NotificationMoment } from '@delivery/contracts';
import { toOutboxEntry, type OutboxEntry } from '@delivery/outbox';
import { MongoDocumentOutbox, OUTBOX_PENDING_INDEX } from '@delivery/outbox/mongo';
import { ShareCounter, type KeyShare } from '@delivery/leased-work';
import { Schema, type Connection, type Model } from 'mongoose';
import { MESSAGE_RETENTION_MS, type Message, type SentMessage } from '../domain/message';
import type { MessageRepository, MessageToAdd, Settlement } from '../ports/message.repository';
import {
  inTellingOrder,
  isNewerReport,
  isWaiting,
  pendingMessage,
  reportedMessage,
  revisedMessage,
  settledMessage,
} from './message-changes';

/** `removeAt` is a Date here: the TTL index reads only dates. */
type MessageDocument = Omit<Message, 'id' | 'removeAt'> & { _id: string; outbox?: OutboxEntry[]; removeAt?: Date };

const messageSchema = new Schema<MessageDocument>(
  { _id: String, taskId: String, status: String, dueAt: Number, createdAt: String, provider: String, providerRef: String, removeAt: Date },
  { strict: false, versionKey: false, minimize: false },
);

/** The hot queries, each with the index that serves it (equality, sort with the `_id` tie-break, range). */
export const MESSAGE_QUERIES = {
  due: { name: 'claimDue', equality: ['status'], sort: { dueAt: 1, _id: 1 }, range: ['dueAt'] },
  ofTask: { name: 'listByTask, waiting', equality: ['taskId'], sort: { createdAt: 1, _id: 1 } },
  byRef: { name: 'findByProviderRef', equality: ['provider', 'providerRef'], sort: {} },
} as const satisfies Record<string, HotQuery>;

messageSchema.index({ status: 1, dueAt: 1, _id: 1 });
messageSchema.index({ taskId: 1, createdAt: 1, _id: 1 });
messageSchema.index({ provider: 1, providerRef: 1 }, { partialFilterExpression: { providerRef: { $type: 'string' } } });
messageSchema.index({ 'outbox.id': 1 }, { sparse: true });
// The server removes a settled message once its retention ends; removeExpired does the same at once.
messageSchema.index({ removeAt: 1 }, { expireAfterSeconds: 0 });
messageSchema.index(OUTBOX_PENDING_INDEX.key, OUTBOX_PENDING_INDEX.options);

const DUPLICATE_KEY = 11000;
/** Due messages read beyond the limit, for those whose account has no room (each is then moved out of the way). */
const SCAN_MARGIN = 200;
const entries = (events: readonly EventEnvelope[]) => events.map((e) => toOutboxEntry(TOPICS.notifications, e));

function toMessage(doc: MessageDocument): Message {
  const { _id, outbox: _outbox, removeAt, ...rest } = doc;
  return { id: _id, ...rest, ...(removeAt && { removeAt: removeAt.getTime() }) } as Message;
}

/** Every field of a message but its id: what a change writes, beside the events it pushes. */
const fieldsOf = ({ id: _id, removeAt, ...fields }: Message) => ({
  ...fields,
  ...(removeAt !== undefined && { removeAt: new Date(removeAt) }),
});

/**
 * Messages in MongoDB, one document each, carrying their events until the relay publishes
 * them. Every change is a single-document update conditional on what was read (its status,
 * lease and due time), so of two workers racing for a message only one changes it.
 */
export class MongoMessageRepository implements MessageRepository {
  readonly outbox: MongoDocumentOutbox;

  private constructor(
    private readonly connection: Connection,
    private readonly messages: Model<MessageDocument>,
    private readonly retentionMs: number,
  ) {
    this.outbox = new MongoDocumentOutbox(messages.collection, connection.collection('outbox_leaders'));
  }

  static async connect(url: string, retentionMs = MESSAGE_RETENTION_MS): Promise<MongoMessageRepository> {
    return MongoMessageRepository.open(await openMongoConnection(url), retentionMs);
  }

  /** Over an open connection, which it closes when closed (a connection other stores share too: a second close does nothing). */
  static async open(connection: Connection, retentionMs = MESSAGE_RETENTION_MS): Promise<MongoMessageRepository> {
    const messages = connection.model<MessageDocument>('NotificationMessage', messageSchema, 'notification_messages');
    await messages.createIndexes();
    return new MongoMessageRepository(connection, messages, retentionMs);
  }

  async addAll(messages: readonly MessageToAdd[]): Promise<void> {
    if (messages.length === 0) return;
    const found = await this.messages.collection.find({ _id: { $in: messages.map((m) => m.id) } } as never).toArray();
    const stored = new Map(found.map((doc) => [String(doc._id), toMessage(doc as unknown as MessageDocument)]));
    const fresh = messages.filter((m) => !stored.has(m.id));
    if (fresh.length > 0) {
      // A message settled as it is made carries its events in its own document, as a settlement's.
      const documentOf = ({ settled, ...message }: MessageToAdd) => {
        const pending = pendingMessage(message);
        return settled
          ? { _id: message.id, ...fieldsOf(settledMessage(pending, settled.settlement, this.retentionMs)), outbox: entries(settled.events) }
          : { _id: message.id, ...fieldsOf(pending) };
      };
      try {
        await this.messages.collection.insertMany(fresh.map(documentOf) as never[], {
          ordered: false,
        });
      } catch (error) {
        // Another notifier stored the same message meanwhile (the same id, made from the same event): it stands.
        if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      }
    }
    // Stored before: a later event's facts and times replace those of one still waiting.
    for (const later of messages) {
      const message = stored.get(later.id);
      if (!message || !isWaiting(message, Date.parse(later.createdAt)) || message.sendingSince) continue;
      await this.messages.collection.updateOne(this.unchanged(message), { $set: fieldsOf(revisedMessage(message, later)) } as never);
    }
  }

  async waiting(taskId: string, moments: readonly NotificationMoment[] | 'all', now: number): Promise<Message[]> {
    return (await this.ofTask(taskId)).filter(
      (m) => isWaiting(m, now) && !m.sendingSince && (moments === 'all' || moments.includes(m.moment)),
    );
  }

  async claimDue(now: number, limit: number, token: string, leaseUntil: number, share?: KeyShare): Promise<Message[]> {
    if (limit <= 0) return [];
    const shares = new ShareCounter(share);
    // Accounts with no room are left out of the query, so their backlog is not read at all.
    const due = await this.messages.collection
      .find({ status: 'pending', dueAt: { $lte: now }, accountId: { $nin: shares.full() } } as never)
      .sort(MESSAGE_QUERIES.due.sort)
      .limit(limit + SCAN_MARGIN)
      .toArray();
    const chosen: Message[] = [];
    const deferred: Message[] = [];
    for (const doc of due) {
      if (chosen.length >= limit) break;
      const message = toMessage(doc as unknown as MessageDocument);
      (shares.take(message.accountId) ? chosen : deferred).push(message);
    }
    // Those over their account's share: due again when it may, so the next scans read past them;
    // written beside the leases, not before them (the two touch different messages).
    const [claimed] = await Promise.all([
      Promise.all(
        chosen.map(async (message): Promise<Message | null> => {
          const result = await this.messages.collection.updateOne(this.unchanged(message), {
            $set: { leaseToken: token, dueAt: leaseUntil },
          } as never);
          return result.modifiedCount === 1 ? { ...message, leaseToken: token, dueAt: leaseUntil } : null;
        }),
      ),
      Promise.all(
        deferred.map((message) =>
          this.messages.collection.updateOne(this.unchanged(message), { $set: { dueAt: share!.deferUntil } } as never),
        ),
      ),
    ]);
    return claimed.filter((m): m is Message => m !== null);
  }

  async begin(id: string, token: string, sent: SentMessage, at: string): Promise<boolean> {
    const result = await this.messages.collection.updateOne(
      { _id: id, status: 'pending', leaseToken: token } as never,
      {
        $set: { sent, sendingSince: at },
      } as never,
    );
    return result.modifiedCount === 1;
  }

  async settle(id: string, token: string | null, settlement: Settlement, events: readonly EventEnvelope[]): Promise<boolean> {
    const stored = await this.get(id);
    if (!stored || stored.status !== 'pending') return false;
    const allowed = token === null ? isWaiting(stored, Date.parse(settlement.at)) && !stored.sendingSince : stored.leaseToken === token;
    if (!allowed) return false;
    const result = await this.messages.collection.updateOne(this.unchanged(stored), {
      $set: fieldsOf(settledMessage(stored, settlement, this.retentionMs)),
      $push: { outbox: { $each: entries(events) } },
    } as never);
    return result.modifiedCount === 1;
  }

  async report(id: string, status: MessageStatus, at: string, detail: string | null, events: readonly EventEnvelope[]): Promise<boolean> {
    const stored = await this.get(id);
    if (!stored || !isNewerReport(stored, status)) return false;
    const result = await this.messages.collection.updateOne(
      { _id: id, status: stored.status } as never,
      {
        $set: fieldsOf(reportedMessage(stored, status, at, detail)),
        $push: { outbox: { $each: entries(events) } },
      } as never,
    );
    return result.modifiedCount === 1;
  }

  async findByProviderRef(provider: 'twilio' | 'smtp', ref: string): Promise<Message | null> {
    const doc = await this.messages.collection.findOne({ provider, providerRef: ref } as never);
    return doc && toMessage(doc as unknown as MessageDocument);
  }

  async get(id: string): Promise<Message | null> {
    const doc = await this.messages.collection.findOne({ _id: id } as never);
    return doc && toMessage(doc as unknown as MessageDocument);
  }

  async listByTask(accountId: string, taskId: string): Promise<Message[]> {
    return (await this.ofTask(taskId)).filter((m) => m.accountId === accountId).sort(inTellingOrder);
  }

  async removeExpired(now: number): Promise<number> {
    const result = await this.messages.collection.deleteMany({ removeAt: { $lte: new Date(now) } } as never);
    return result.deletedCount;
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private async ofTask(taskId: string): Promise<Message[]> {
    const docs = await this.messages.collection
      .find({ taskId } as never)
      .sort(MESSAGE_QUERIES.ofTask.sort)
      .toArray();
    return docs.map((doc) => toMessage(doc as unknown as MessageDocument));
  }

  /** The filter of a conditional update: the message as it was read, so a change made meanwhile by another wins. */
  private unchanged(message: Message) {
    return {
      _id: message.id,
      status: message.status,
      leaseToken: message.leaseToken,
      dueAt: message.dueAt,
      sendingSince: message.sendingSince,
    } as never;
  }
}
