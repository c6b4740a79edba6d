import { type EmbeddedStore, type EmbeddedTable, openRecordTable } from '@delivery/embedded-store';
import type { Delivery, NewDelivery } from './delivery';
import { ShareCounter, type KeyShare, type Lease } from '@delivery/leased-work';
import {
  DELIVERY_RETENTION_MS,
  type AttemptRecord,
  type DeliveryQuery,
  type DeliveryRepository,
  type StoredDeliveries,
} from './delivery.repository';

type DueKey = [dueAt: number, id: string];
type QueueKey = [endpointId: string, taskId: string, sequence: number];
type CreatedKey = [scope: string, createdAt: string, id: string];
type RemoveKey = [removeAt: number, id: string];

const LAST = '\uffff';
const SEQUENCE = 'delivery-sequence';
/** Due deliveries read beyond the limit, for those waiting behind an earlier one (each is then moved out of the way). */
const SCAN_MARGIN = 200;
const isReplayable = (d: Delivery) => d.status === 'failed' || d.status === 'dead';

/**
 * Deliveries on the embedded LMDB store. `due` orders pending deliveries by when they are
 * next due; `queue` orders each endpoint's pending deliveries for one task, its first one
 * being the only one that may be sent. Every change is one LMDB transaction, and LMDB
 * serializes writers across processes, so two dispatchers never lease the same delivery.
 */
export class EmbeddedDeliveryRepository implements DeliveryRepository {
  private readonly deliveries: EmbeddedTable<Delivery, string>;
  private readonly due: EmbeddedTable<true, DueKey>;
  private readonly queue: EmbeddedTable<string, QueueKey>;
  /** The last delivery sequence number given: one counter for all, so a batch reads and writes it once. */
  private readonly counters: EmbeddedTable<number, string>;
  private readonly created: EmbeddedTable<string, CreatedKey>;
  /** Settled deliveries by when their retention ends. */
  private readonly expiring: EmbeddedTable<true, RemoveKey>;

  constructor(
    store: EmbeddedStore,
    private readonly retentionMs = DELIVERY_RETENTION_MS,
  ) {
    this.deliveries = openRecordTable<Delivery, string>(store, 'webhook-deliveries');
    this.due = store.openDB<true, DueKey>({ name: 'webhook-deliveries-due' });
    this.queue = store.openDB<string, QueueKey>({ name: 'webhook-deliveries-queue' });
    this.counters = store.openDB<number, string>({ name: 'webhook-deliveries-counters' });
    this.created = store.openDB<string, CreatedKey>({ name: 'webhook-deliveries-created' });
    this.expiring = store.openDB<true, RemoveKey>({ name: 'webhook-deliveries-expiring' });
  }

  async addAll(deliveries: readonly NewDelivery[], lease?: Lease): Promise<StoredDeliveries> {
    if (deliveries.length === 0) return { added: 0, leased: [] };
    return this.deliveries.transaction(() => {
      let added = 0;
      const leased: Delivery[] = [];
      let sequence = this.counters.get(SEQUENCE) ?? 0;
      const shares = new ShareCounter(lease?.share);
      for (const fresh of deliveries) {
        if (this.deliveries.doesExist(fresh.id)) continue;
        sequence += 1;
        const lent =
          lease &&
          leased.length < lease.limit &&
          fresh.dueAt <= lease.now &&
          this.firstQueued(fresh) === undefined &&
          shares.take(fresh.endpointId);
        const delivery: Delivery = lent
          ? { ...fresh, status: 'pending', leaseToken: lease.token, dueAt: lease.until, triesInRound: 0, attempts: [], sequence }
          : { ...fresh, status: 'pending', leaseToken: null, triesInRound: 0, attempts: [], sequence };
        if (lent) leased.push(delivery);
        this.deliveries.put(delivery.id, delivery);
        this.enqueue(delivery);
        this.created.put([`account:${delivery.accountId}`, delivery.createdAt, delivery.id], delivery.id);
        this.created.put([`endpoint:${delivery.endpointId}`, delivery.createdAt, delivery.id], delivery.id);
        added += 1;
      }
      if (added > 0) this.counters.put(SEQUENCE, sequence);
      return { added, leased };
    });
  }

  async claimDue(now: number, limit: number, token: string, leaseUntil: number, share?: KeyShare): Promise<Delivery[]> {
    return this.deliveries.transaction(() => {
      const claimed: Delivery[] = [];
      const shares = new ShareCounter(share);
      // Keys first, then changes: claiming moves keys inside the range being read.
      const keys = [...this.due.getKeys({ start: [0, ''], end: [now, LAST], limit: limit + SCAN_MARGIN })];
      for (const key of keys) {
        if (claimed.length >= limit) break;
        const delivery = this.deliveries.get(key[1]);
        if (!delivery || delivery.status !== 'pending' || delivery.dueAt !== key[0]) {
          this.due.remove(key);
          continue;
        }
        const headId = this.firstQueued(delivery);
        if (headId !== undefined && headId !== delivery.id) {
          // Waits behind an earlier one; not worth looking at again before that one is due.
          const head = this.deliveries.get(headId);
          if (head && head.dueAt > delivery.dueAt) this.reschedule(delivery, head.dueAt);
          continue;
        }
        if (!shares.take(delivery.endpointId)) {
          this.reschedule(delivery, share!.deferUntil);
          continue;
        }
        claimed.push(this.reschedule({ ...delivery, leaseToken: token }, leaseUntil));
      }
      return claimed;
    });
  }

  async recordAttempts(records: readonly AttemptRecord[]): Promise<boolean[]> {
    return this.deliveries.transaction(() => records.map((record) => this.record(record)));
  }

  async get(id: string): Promise<Delivery | null> {
    return this.deliveries.get(id) ?? null;
  }

  async list(query: DeliveryQuery): Promise<Delivery[]> {
    const scope = query.endpointId ? `endpoint:${query.endpointId}` : query.accountId ? `account:${query.accountId}` : null;
    const candidates = scope
      ? [...this.created.getRange({ start: [scope, LAST], end: [scope, query.since ?? ''], reverse: true })].map((e) =>
          this.deliveries.get(e.value)!,
        )
      : [...this.deliveries.getRange()]
          .map((e) => e.value)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    return candidates
      .filter(
        (d) =>
          (!query.accountId || d.accountId === query.accountId) &&
          (!query.endpointId || d.endpointId === query.endpointId) &&
          (!query.status || d.status === query.status) &&
          (!query.taskId || d.taskId === query.taskId) &&
          (!query.since || d.createdAt >= query.since),
      )
      .slice(0, query.limit);
  }

  async replay(id: string, now: number): Promise<boolean> {
    return this.deliveries.transaction(() => {
      const delivery = this.deliveries.get(id);
      if (!delivery || !isReplayable(delivery)) return false;
      this.restart(delivery, now);
      return true;
    });
  }

  async replayFailed(endpointId: string, since: string, now: number): Promise<number> {
    return this.deliveries.transaction(() => {
      let replayed = 0;
      const scope = `endpoint:${endpointId}`;
      for (const { value: id } of this.created.getRange({ start: [scope, since], end: [scope, LAST] })) {
        const delivery = this.deliveries.get(id);
        if (!delivery || !isReplayable(delivery)) continue;
        this.restart(delivery, now);
        replayed += 1;
      }
      return replayed;
    });
  }

  async removeExpired(now: number): Promise<number> {
    return this.deliveries.transaction(() => {
      let removed = 0;
      for (const key of [...this.expiring.getKeys({ end: [now, LAST] })]) {
        this.expiring.remove(key);
        const delivery = this.deliveries.get(key[1]);
        if (!delivery || delivery.removeAt !== key[0]) continue;
        this.deliveries.remove(delivery.id);
        this.created.remove([`account:${delivery.accountId}`, delivery.createdAt, delivery.id]);
        this.created.remove([`endpoint:${delivery.endpointId}`, delivery.createdAt, delivery.id]);
        removed += 1;
      }
      return removed;
    });
  }

  async close(): Promise<void> {}

  private record({ id, token, attempt, next }: AttemptRecord): boolean {
    const delivery = this.deliveries.get(id);
    if (!delivery || delivery.status !== 'pending' || delivery.leaseToken !== token) return false;
    const tried = { ...delivery, attempts: [...delivery.attempts, attempt], triesInRound: delivery.triesInRound + 1, leaseToken: null };
    if (next.status === 'pending') {
      this.reschedule(tried, next.dueAt);
      return true;
    }
    this.due.remove([delivery.dueAt, id]);
    this.queue.remove([delivery.endpointId, delivery.taskId, delivery.sequence]);
    const removeAt = Date.parse(attempt.at) + this.retentionMs;
    this.deliveries.put(id, { ...tried, status: next.status, removeAt });
    this.expiring.put([removeAt, id], true);
    const followingId = this.firstQueued(delivery);
    const following = followingId === undefined ? undefined : this.deliveries.get(followingId);
    const now = Date.parse(attempt.at);
    if (following && following.leaseToken === null && following.dueAt > now) this.reschedule(following, now);
    return true;
  }

  /** A replayed delivery keeps its place among its task's deliveries, and a fresh schedule. */
  private restart(delivery: Delivery, now: number): void {
    const { removeAt, ...kept } = delivery;
    if (removeAt !== undefined) this.expiring.remove([removeAt, delivery.id]);
    const pending: Delivery = { ...kept, status: 'pending', leaseToken: null, triesInRound: 0, dueAt: now };
    this.deliveries.put(pending.id, pending);
    this.enqueue(pending);
  }

  private enqueue(delivery: Delivery): void {
    this.due.put([delivery.dueAt, delivery.id], true);
    this.queue.put([delivery.endpointId, delivery.taskId, delivery.sequence], delivery.id);
  }

  private reschedule(delivery: Delivery, dueAt: number): Delivery {
    this.due.remove([delivery.dueAt, delivery.id]);
    const moved = { ...delivery, dueAt };
    this.due.put([dueAt, delivery.id], true);
    this.deliveries.put(delivery.id, moved);
    return moved;
  }

  /** The id of the earliest pending delivery to the endpoint for the delivery's task. */
  private firstQueued(delivery: Pick<Delivery, 'endpointId' | 'taskId'>): string | undefined {
    for (const { value } of this.queue.getRange({
      start: [delivery.endpointId, delivery.taskId, 0],
      end: [delivery.endpointId, delivery.taskId, Number.MAX_SAFE_INTEGER],
      limit: 1,
    }))
      return value;
    return undefined;
  }
}
