import type { HotQuery } from '@delivery/config';
import { openMongoConnection } from '@delivery/config/mongo';
import { randomUUID } from 'node:crypto';
import { Schema, type AnyBulkWriteOperation, type Connection, type Model } from 'mongoose';
import type { Delivery, DeliveryStatus, NewDelivery } from './delivery';
import { ShareCounter, type KeyShare, type Lease } from '@delivery/leased-work';
import {
  DELIVERY_RETENTION_MS,
  type AttemptRecord,
  type DeliveryQuery,
  type DeliveryRepository,
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
  head: { name: 'headsOf', equality: ['endpointId', 'taskId', 'status'], sort: { sequence: 1 } },
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

/** An endpoint and task, whose deliveries go one at a time, in order: the key of its counter too. */
const keyOf = (d: { endpointId: string; taskId: string }) => `${d.endpointId}\n${d.taskId}`;
const REPLAYABLE = { $in: ['failed', 'dead'] as DeliveryStatus[] };
/** Due deliveries read beyond the limit, for those waiting behind an earlier one. */
const SCAN_MARGIN = 200;

function toDelivery(doc: DeliveryDocument & { lastRecord?: string }): Delivery {
  const { _id, removeAt, ...rest } = doc;
  // The mark of the last write that recorded a try is the store's own.
  delete rest.lastRecord;
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
    return MongoDeliveryRepository.open(await openMongoConnection(url), retentionMs);
  }

  /** Over an open connection, which it closes when closed (a connection other stores share too: a second close does nothing). */
  static async open(connection: Connection, retentionMs = DELIVERY_RETENTION_MS): Promise<MongoDeliveryRepository> {
    const deliveries = connection.model<DeliveryDocument>('WebhookDelivery', deliverySchema, 'webhook_deliveries');
    const sequences = connection.model<SequenceDocument>('WebhookDeliverySequence', sequenceSchema, 'webhook_delivery_sequences');
    await Promise.all([deliveries.createIndexes(), sequences.createIndexes()]);
    return new MongoDeliveryRepository(connection, deliveries, sequences, retentionMs);
  }

  /**
   * One consumed batch in a few round trips, however many deliveries it holds: each endpoint
   * and task's counter bumped once by its count (in parallel), beside one query for the
   * pending deliveries ahead of them; then every delivery inserted in one write, those that
   * head their endpoint and task, due now, within the lease's limit and each endpoint's
   * share, inserted leased already.
   */
  async addAll(deliveries: readonly NewDelivery[], lease?: Lease): Promise<StoredDeliveries> {
    if (deliveries.length === 0) return { added: 0, leased: [] };
    const counts = new Map<string, { count: number; latest: string }>();
    for (const fresh of deliveries) {
      const seen = counts.get(keyOf(fresh));
      counts.set(keyOf(fresh), {
        count: (seen?.count ?? 0) + 1,
        latest: seen && seen.latest > fresh.createdAt ? seen.latest : fresh.createdAt,
      });
    }
    // Counters only grow: a batch's sequences are the last `count` values of its bump, in batch order.
    const next = new Map<string, number>();
    const [ahead] = await Promise.all([
      lease ? this.headsOf(deliveries) : Promise.resolve(new Map<string, { id: string; dueAt: number }>()),
      ...[...counts].map(async ([key, { count, latest }]) => {
        const counter = await this.sequences.findOneAndUpdate(
          { _id: key },
          { $inc: { value: count }, $set: { removeAt: new Date(Date.parse(latest) + this.retentionMs) } },
          { upsert: true, returnDocument: 'after' },
        );
        next.set(key, counter!.value - count + 1);
      }),
    ]);
    const shares = new ShareCounter(lease?.share);
    const headed = new Set<string>();
    let leasing = 0;
    const docs = deliveries.map((fresh) => {
      const key = keyOf(fresh);
      const sequence = next.get(key)!;
      next.set(key, sequence + 1);
      const { id, removeAt, ...rest } = fresh;
      const doc: DeliveryDocument = { _id: id, ...rest, status: 'pending', leaseToken: null, triesInRound: 0, attempts: [], sequence };
      // The first of its endpoint and task, nothing of theirs pending before it: sent at once, leased as it is stored.
      const first = !ahead.has(key) && !headed.has(key);
      headed.add(key);
      if (lease && first && fresh.dueAt <= lease.now && leasing < lease.limit && shares.take(fresh.endpointId)) {
        leasing += 1;
        Object.assign(doc, { leaseToken: lease.token, dueAt: lease.until });
      }
      return removeAt === undefined ? doc : { ...doc, removeAt: new Date(removeAt) };
    });
    const stored = await this.insertNew(docs);
    const leased = lease ? stored.filter((doc) => doc.leaseToken === lease.token).map(toDelivery) : [];
    return { added: stored.length, leased };
  }

  /** Inserts the documents in one write; those whose id exists (an event taken twice) are left as they are. Answers those stored. */
  private async insertNew(docs: DeliveryDocument[]): Promise<DeliveryDocument[]> {
    try {
      await this.deliveries.collection.insertMany(docs as never[], { ordered: false });
      return docs;
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      // Some were there already: ours are those holding the sequence this batch gave them.
      const found = await this.deliveries
        .find({ _id: { $in: docs.map((d) => d._id) } }, { sequence: 1 })
        .lean<Pick<DeliveryDocument, '_id' | 'sequence'>[]>();
      const ours = new Set(found.filter((f) => docs.some((d) => d._id === f._id && d.sequence === f.sequence)).map((f) => f._id));
      return docs.filter((d) => ours.has(d._id));
    }
  }

  /** The first pending delivery of each endpoint and task the deliveries name, in one query, by `keyOf`. */
  private async headsOf(
    deliveries: readonly Pick<DeliveryDocument, 'endpointId' | 'taskId'>[],
  ): Promise<Map<string, { id: string; dueAt: number }>> {
    const keys = [...new Map(deliveries.map((d) => [keyOf(d), { endpointId: d.endpointId, taskId: d.taskId }])).values()];
    const pending = await this.deliveries
      .find({ status: 'pending', $or: keys }, { endpointId: 1, taskId: 1, sequence: 1, dueAt: 1 })
      .sort(DELIVERY_QUERIES.head.sort)
      .lean<Pick<DeliveryDocument, '_id' | 'endpointId' | 'taskId' | 'sequence' | 'dueAt'>[]>();
    const heads = new Map<string, { id: string; dueAt: number }>();
    for (const d of pending) if (!heads.has(keyOf(d))) heads.set(keyOf(d), { id: d._id, dueAt: d.dueAt });
    return heads;
  }

  /**
   * Due deliveries read in one query and their heads in another; then, in one write, each
   * first of its endpoint and task leased (within the endpoint's share), each one behind an
   * earlier one moved to that one's due time, each whose endpoint has no room deferred;
   * what was leased read back in one query.
   */
  async claimDue(now: number, limit: number, token: string, leaseUntil: number, share?: KeyShare): Promise<Delivery[]> {
    const shares = new ShareCounter(share);
    // Endpoints with no room are left out of the query, so their backlog is not read at all.
    const candidates = await this.deliveries
      .find({ status: 'pending', dueAt: { $lte: now }, endpointId: { $nin: shares.full() } })
      .sort(DELIVERY_QUERIES.due.sort)
      .limit(limit + SCAN_MARGIN)
      .lean<DeliveryDocument[]>();
    if (candidates.length === 0) return [];
    const heads = await this.headsOf(candidates);
    const chosen: string[] = [];
    const writes: AnyBulkWriteOperation<DeliveryDocument>[] = [];
    for (const candidate of candidates) {
      if (chosen.length >= limit) break;
      const unchanged = { _id: candidate._id, status: 'pending' as const, dueAt: candidate.dueAt, leaseToken: candidate.leaseToken };
      const head = heads.get(keyOf(candidate));
      if (head && head.id !== candidate._id) {
        // Behind an earlier one: not looked at again before that one is due.
        if (head.dueAt > candidate.dueAt) writes.push({ updateOne: { filter: unchanged, update: { $set: { dueAt: head.dueAt } } } });
        continue;
      }
      if (!shares.take(candidate.endpointId)) {
        // Its endpoint has no room: due again when it may, so the next scans read past it.
        writes.push({ updateOne: { filter: unchanged, update: { $set: { dueAt: share!.deferUntil } } } });
        continue;
      }
      chosen.push(candidate._id);
      writes.push({ updateOne: { filter: unchanged, update: { $set: { dueAt: leaseUntil, leaseToken: token } } } });
    }
    if (writes.length > 0) await this.deliveries.bulkWrite(writes);
    if (chosen.length === 0) return [];
    const leased = await this.deliveries.find({ _id: { $in: chosen }, leaseToken: token }).lean<DeliveryDocument[]>();
    return leased.sort((a, b) => chosen.indexOf(a._id) - chosen.indexOf(b._id)).map(toDelivery);
  }

  /**
   * Every try in one write, each conditional on its lease; then, for those that ended, the
   * next delivery of their endpoint and task made due at once: heads in one query, moved in
   * one write. A lost lease (rare) costs one more read, to tell which tries were recorded.
   */
  async recordAttempts(records: readonly AttemptRecord[]): Promise<boolean[]> {
    if (records.length === 0) return [];
    // Each write marks its delivery with a nonce of its own: after a lost lease, the marks tell which landed.
    const nonces = records.map(() => randomUUID());
    const result = await this.deliveries.bulkWrite(
      records.map(({ id, token, attempt, next }, i) => ({
        updateOne: {
          filter: { _id: id, status: 'pending', leaseToken: token },
          update: {
            $push: { attempts: attempt },
            $inc: { triesInRound: 1 },
            $set: { ...this.afterAttempt(attempt, next), lastRecord: nonces[i] },
          },
        },
      })),
    );
    const recorded = result.matchedCount === records.length ? records.map(() => true) : await this.whichRecorded(records, nonces);
    const ended = records.filter((record, i) => recorded[i] && record.next.status !== 'pending');
    if (ended.length > 0) await this.bringForwardNext(ended);
    return recorded;
  }

  private afterAttempt(attempt: AttemptRecord['attempt'], next: AttemptRecord['next']) {
    return next.status === 'pending'
      ? { status: 'pending', dueAt: next.dueAt, leaseToken: null }
      : { status: next.status, leaseToken: null, removeAt: new Date(Date.parse(attempt.at) + this.retentionMs) };
  }

  /** Whose try landed: the deliveries whose mark is the one its write carried. */
  private async whichRecorded(records: readonly AttemptRecord[], nonces: readonly string[]): Promise<boolean[]> {
    const found = await this.deliveries
      .find({ _id: { $in: records.map((r) => r.id) } }, { lastRecord: 1 })
      .lean<{ _id: string; lastRecord?: string }[]>();
    const marks = new Map(found.map((f) => [f._id, f.lastRecord]));
    return records.map((r, i) => marks.get(r.id) === nonces[i]);
  }

  /** Deliveries that ended let the next of their endpoint and task go at once, if it waited. */
  private async bringForwardNext(ended: readonly AttemptRecord[]): Promise<void> {
    const now = Math.min(...ended.map((r) => Date.parse(r.attempt.at)));
    const waiting = [...(await this.headsOf(ended)).values()].filter((head) => head.dueAt > now).map((head) => head.id);
    if (waiting.length === 0) return;
    await this.deliveries.updateMany({ _id: { $in: waiting }, leaseToken: null, dueAt: { $gt: now } }, { $set: { dueAt: now } });
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

  /** A replayed delivery keeps its place among its task's deliveries, a fresh schedule, and no end to its retention. */
  private restart(now: number) {
    return { $set: { status: 'pending', leaseToken: null, triesInRound: 0, dueAt: now }, $unset: { removeAt: '' } };
  }
}
