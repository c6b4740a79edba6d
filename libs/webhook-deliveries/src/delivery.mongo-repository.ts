import type { HotQuery } from '@delivery/config';
import mongoose, { Schema, type Connection, type Model } from 'mongoose';
import type { Delivery, DeliveryStatus, NewDelivery } from './delivery';
import { ShareCounter } from './endpoint-share';
import {
  DELIVERY_RETENTION_MS,
  type AttemptRecord,
  type DeliveryQuery,
  type DeliveryRepository,
  type EndpointShare,
  type Lease,
  type StoredDeliveries,
} from './delivery.repository';

/** `removeAt` is a Date here: the TTL index reads only dates. */
type DeliveryDocument = Omit<Delivery, 'id' | 'removeAt'> & { _id: string; removeAt?: Date };

const deliverySchema = new Schema<DeliveryDocument>(
  {
    _id: String,
    accountId: String,
    endpointId: String,
    taskId: String,
    status: String,
    dueAt: Number,
    sequence: Number,
    createdAt: String,
    removeAt: Date,
  },
  { strict: false, versionKey: false, minimize: false },
);
/**
 * The queries run on every delivery or console list, each with the index that serves it
 * (equality, sort with the `_id` tie-break, range); a test checks each against the declared
 * indexes, and the queries below sort as listed here.
 */
export const DELIVERY_QUERIES = {
  due: { name: 'claimDue', equality: ['status'], sort: { dueAt: 1, _id: 1 }, range: ['dueAt'] },
  head: { name: 'headOf', equality: ['endpointId', 'taskId', 'status'], sort: { sequence: 1 } },
  byAccount: { name: 'list (account)', equality: ['accountId'], sort: { createdAt: -1, _id: -1 } },
  byEndpoint: { name: 'list (endpoint)', equality: ['endpointId'], sort: { createdAt: -1, _id: -1 } },
} as const satisfies Record<string, HotQuery>;

// Only ever added: those without the `_id` tie-break stay until an operator drops them (README).
deliverySchema.index({ status: 1, dueAt: 1, _id: 1 });
deliverySchema.index({ endpointId: 1, taskId: 1, status: 1, sequence: 1 });
deliverySchema.index({ accountId: 1, createdAt: -1, _id: -1 });
deliverySchema.index({ endpointId: 1, createdAt: -1, _id: -1 });
// The server removes a settled delivery once its retention ends; removeExpired does the same at once.
deliverySchema.index({ removeAt: 1 }, { expireAfterSeconds: 0 });

type SequenceDocument = { _id: string; value: number; removeAt: Date };
const sequenceSchema = new Schema<SequenceDocument>({ _id: String, value: Number, removeAt: Date }, { versionKey: false, minimize: false });
// A task's counter outlives its deliveries by the same retention, counted from its latest one.
sequenceSchema.index({ removeAt: 1 }, { expireAfterSeconds: 0 });

const DUPLICATE_KEY = 11000;
const REPLAYABLE = { $in: ['failed', 'dead'] as DeliveryStatus[] };
/** Due deliveries read beyond the limit, for those waiting behind an earlier one. */
const SCAN_MARGIN = 200;

function toDelivery(doc: DeliveryDocument): Delivery {
  const { _id, removeAt, ...rest } = doc;
  return { id: _id, ...rest, ...(removeAt && { removeAt: removeAt.getTime() }) };
}

/**
 * Deliveries in MongoDB, one document each. A lease is taken with a conditional update on
 * the due time and lease token read, so of two dispatchers racing for one delivery only
 * one gets it; per-task order is kept by a counter document per endpoint and task.
 */
export class MongoDeliveryRepository implements DeliveryRepository {
  private constructor(
    private readonly connection: Connection,
    private readonly deliveries: Model<DeliveryDocument>,
    private readonly sequences: Model<SequenceDocument>,
    private readonly retentionMs: number,
  ) {}

  static async connect(url: string, retentionMs = DELIVERY_RETENTION_MS): Promise<MongoDeliveryRepository> {
    return MongoDeliveryRepository.open(await mongoose.createConnection(url, { serverSelectionTimeoutMS: 5_000 }).asPromise(), retentionMs);
  }

  /** Over an open connection, which the repository then owns and closes. */
  static async open(connection: Connection, retentionMs = DELIVERY_RETENTION_MS): Promise<MongoDeliveryRepository> {
    const deliveries = connection.model<DeliveryDocument>('WebhookDelivery', deliverySchema, 'webhook_deliveries');
    const sequences = connection.model<SequenceDocument>('WebhookDeliverySequence', sequenceSchema, 'webhook_delivery_sequences');
    await Promise.all([deliveries.createIndexes(), sequences.createIndexes()]);
    return new MongoDeliveryRepository(connection, deliveries, sequences, retentionMs);
  }

  async addAll(deliveries: readonly NewDelivery[], lease?: Lease): Promise<StoredDeliveries> {
    let added = 0;
    const leased: Delivery[] = [];
    const shares = new ShareCounter(lease?.share);
    for (const fresh of deliveries) {
      if (await this.deliveries.exists({ _id: fresh.id })) continue;
      const counter = await this.sequences.findOneAndUpdate(
        { _id: `${fresh.endpointId}\n${fresh.taskId}` },
        { $inc: { value: 1 }, $set: { removeAt: new Date(Date.parse(fresh.createdAt) + this.retentionMs) } },
        { upsert: true, returnDocument: 'after' },
      );
      const { id, ...rest } = fresh;
      const doc = { _id: id, ...rest, status: 'pending', leaseToken: null, triesInRound: 0, attempts: [], sequence: counter!.value };
      try {
        await this.deliveries.collection.insertOne(doc as never);
        added += 1;
      } catch (error) {
        if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
        continue;
      }
      if (lease && leased.length < lease.limit && fresh.dueAt <= lease.now && shares.take(fresh.endpointId)) {
        const taken = await this.leaseIfFirst(doc as DeliveryDocument, lease.token, lease.until);
        if (taken) leased.push(taken);
        else shares.giveBack(fresh.endpointId);
      }
    }
    return { added, leased };
  }

  async claimDue(now: number, limit: number, token: string, leaseUntil: number, share?: EndpointShare): Promise<Delivery[]> {
    const shares = new ShareCounter(share);
    // Endpoints with no room are left out of the query, so their backlog is not read at all.
    const candidates = await this.deliveries
      .find({ status: 'pending', dueAt: { $lte: now }, endpointId: { $nin: shares.full() } })
      .sort(DELIVERY_QUERIES.due.sort)
      .limit(limit + SCAN_MARGIN)
      .lean<DeliveryDocument[]>();
    const claimed: Delivery[] = [];
    for (const candidate of candidates) {
      if (claimed.length >= limit) break;
      if (!shares.take(candidate.endpointId)) {
        // Its endpoint has no room: due again when it may, so the next scans read past it.
        await this.deliveries.updateOne(
          { _id: candidate._id, dueAt: candidate.dueAt, leaseToken: candidate.leaseToken },
          { $set: { dueAt: share!.deferUntil } },
        );
        continue;
      }
      const taken = await this.leaseIfFirst(candidate, token, leaseUntil);
      if (taken) claimed.push(taken);
      else shares.giveBack(candidate.endpointId);
    }
    return claimed;
  }

  async recordAttempts(records: readonly AttemptRecord[]): Promise<boolean[]> {
    const recorded: boolean[] = [];
    for (const record of records) recorded.push(await this.record(record));
    return recorded;
  }

  async get(id: string): Promise<Delivery | null> {
    const doc = await this.deliveries.findById(id).lean<DeliveryDocument>();
    return doc ? toDelivery(doc) : null;
  }

  async list(query: DeliveryQuery): Promise<Delivery[]> {
    const filter: Record<string, unknown> = {};
    if (query.accountId) filter.accountId = query.accountId;
    if (query.endpointId) filter.endpointId = query.endpointId;
    if (query.status) filter.status = query.status;
    if (query.taskId) filter.taskId = query.taskId;
    if (query.since) filter.createdAt = { $gte: query.since };
    const docs = await this.deliveries.find(filter).sort(DELIVERY_QUERIES.byAccount.sort).limit(query.limit).lean<DeliveryDocument[]>();
    return docs.map(toDelivery);
  }

  async replay(id: string, now: number): Promise<boolean> {
    const result = await this.deliveries.updateOne({ _id: id, status: REPLAYABLE }, this.restart(now));
    return result.modifiedCount === 1;
  }

  async replayFailed(endpointId: string, since: string, now: number): Promise<number> {
    const result = await this.deliveries.updateMany({ endpointId, status: REPLAYABLE, createdAt: { $gte: since } }, this.restart(now));
    return result.modifiedCount;
  }

  async removeExpired(now: number): Promise<number> {
    return (await this.deliveries.deleteMany({ removeAt: { $lte: new Date(now) } })).deletedCount;
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private async record({ id, token, attempt, next }: AttemptRecord): Promise<boolean> {
    const set =
      next.status === 'pending'
        ? { status: 'pending', dueAt: next.dueAt, leaseToken: null }
        : { status: next.status, leaseToken: null, removeAt: new Date(Date.parse(attempt.at) + this.retentionMs) };
    const tried = await this.deliveries
      .findOneAndUpdate(
        { _id: id, status: 'pending', leaseToken: token },
        { $push: { attempts: attempt }, $inc: { triesInRound: 1 }, $set: set },
        { returnDocument: 'after' },
      )
      .lean<DeliveryDocument>();
    if (!tried) return false;
    if (next.status !== 'pending') {
      const following = await this.headOf(tried);
      const now = Date.parse(attempt.at);
      if (following && following.leaseToken === null && following.dueAt > now) {
        await this.deliveries.updateOne({ _id: following._id, dueAt: following.dueAt, leaseToken: null }, { $set: { dueAt: now } });
      }
    }
    return true;
  }

  /** A replayed delivery keeps its place among its task's deliveries, a fresh schedule, and no end to its retention. */
  private restart(now: number) {
    return { $set: { status: 'pending', leaseToken: null, triesInRound: 0, dueAt: now }, $unset: { removeAt: '' } };
  }

  /**
   * Leases a pending delivery if it is the earliest of its endpoint and task; one that waits
   * behind a later-due one is moved to that one's due time, not to be looked at before.
   */
  private async leaseIfFirst(candidate: DeliveryDocument, token: string, until: number): Promise<Delivery | null> {
    const head = await this.headOf(candidate);
    if (head && head._id !== candidate._id) {
      if (head.dueAt > candidate.dueAt) {
        await this.deliveries.updateOne({ _id: candidate._id, dueAt: candidate.dueAt, leaseToken: null }, { $set: { dueAt: head.dueAt } });
      }
      return null;
    }
    const taken = await this.deliveries
      .findOneAndUpdate(
        { _id: candidate._id, status: 'pending', dueAt: candidate.dueAt, leaseToken: candidate.leaseToken },
        { $set: { dueAt: until, leaseToken: token } },
        { returnDocument: 'after' },
      )
      .lean<DeliveryDocument>();
    return taken ? toDelivery(taken) : null;
  }

  private async headOf(delivery: DeliveryDocument): Promise<DeliveryDocument | null> {
    return this.deliveries
      .findOne({ endpointId: delivery.endpointId, taskId: delivery.taskId, status: 'pending' })
      .sort(DELIVERY_QUERIES.head.sort)
      .lean<DeliveryDocument>();
  }
}
