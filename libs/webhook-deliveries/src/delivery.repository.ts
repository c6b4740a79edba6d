import type { KeyShare, Lease } from '@delivery/leased-work';
import type { Delivery, DeliveryAttempt, DeliveryStatus, NewDelivery, NextStep } from './delivery';

export interface DeliveryQuery {
  accountId?: string;
  endpointId?: string;
  status?: DeliveryStatus;
  taskId?: string;
  /** Deliveries created at or after this ISO time. */
  since?: string;
  limit: number;
}

/** How long a settled delivery is kept (its body and tries), unless the store is told otherwise. */
export const DELIVERY_RETENTION_MS = 14 * 24 * 60 * 60 * 1000;

export interface StoredDeliveries {
  /** How many were new. */
  added: number;
  /** The new ones leased as they were stored. */
  leased: Delivery[];
}

/** A try by the holder of the delivery's lease, and what comes next. */
export interface AttemptRecord {
  id: string;
  /** The delivery's endpoint and task: once it ends, the next of theirs may go at once. */
  endpointId: string;
  taskId: string;
  token: string;
  attempt: DeliveryAttempt;
  next: NextStep;
}

/** The dispatcher's durable store: every delivery, its attempts, and when it is next due. */
export interface DeliveryRepository {
  /**
   * Stores new deliveries, pending and due at their `dueAt`. A delivery whose id exists is
   * left as it is, so an event taken twice makes its webhooks once. With a `lease`, new
   * deliveries due by its `now` that are the earliest pending one of their endpoint and task
   * (up to its `limit`) are leased as they are stored, as `claimDue` would, and returned to be sent.
   */
  addAll(deliveries: readonly NewDelivery[], lease?: Lease): Promise<StoredDeliveries>;
  /**
   * Leases up to `limit` pending deliveries due by `now`, each the earliest pending one of
   * its endpoint and task, to `token` until `leaseUntil` (which becomes their `dueAt`).
   */
  claimDue(now: number, limit: number, token: string, leaseUntil: number, share?: KeyShare): Promise<Delivery[]>;
  /** Records tries by their lease holders and what comes next; for each, false when its lease was lost. */
  recordAttempts(records: readonly AttemptRecord[]): Promise<boolean[]>;
  get(id: string): Promise<Delivery | null>;
  /** Newest first. */
  list(query: DeliveryQuery): Promise<Delivery[]>;
  /** Makes a failed or dead delivery pending again, due at `now`, on a fresh schedule. False otherwise. */
  replay(id: string, now: number): Promise<boolean>;
  /** Replays every failed or dead delivery to the endpoint created at or after `since`; returns how many. */
  replayFailed(endpointId: string, since: string, now: number): Promise<number>;
  /**
   * Removes the deliveries whose retention ended by `now`: settled (delivered, failed, dead)
   * longer ago than the store's retention. A replay keeps one. Returns how many.
   */
  removeExpired(now: number): Promise<number>;
  close(): Promise<void>;
}
