import type { Delivery, DeliveryAttempt, DeliveryStatus, NewDelivery, NextStep } from '../domain/delivery';

export interface DeliveryQuery {
  accountId?: string;
  endpointId?: string;
  status?: DeliveryStatus;
  /** Deliveries created at or after this ISO time. */
  since?: string;
  limit: number;
}

/** The dispatcher's durable store: every delivery, its attempts, and when it is next due. */
export interface DeliveryRepository {
  /**
   * Stores new deliveries, pending and due at their `dueAt`. A delivery whose id exists is
   * left as it is, so an event taken twice makes its webhooks once. Returns how many were new.
   */
  addAll(deliveries: readonly NewDelivery[]): Promise<number>;
  /**
   * Leases up to `limit` pending deliveries due by `now`, each the earliest pending one of
   * its endpoint and task, to `token` until `leaseUntil` (which becomes their `dueAt`).
   */
  claimDue(now: number, limit: number, token: string, leaseUntil: number): Promise<Delivery[]>;
  /** Records a try by the lease holder and what comes next. False when the lease was lost. */
  recordAttempt(id: string, token: string, attempt: DeliveryAttempt, next: NextStep): Promise<boolean>;
  get(id: string): Promise<Delivery | null>;
  /** Newest first. */
  list(query: DeliveryQuery): Promise<Delivery[]>;
  /** Makes a failed or dead delivery pending again, due at `now`, on a fresh schedule. False otherwise. */
  replay(id: string, now: number): Promise<boolean>;
  /** Replays every failed or dead delivery to the endpoint created at or after `since`; returns how many. */
  replayFailed(endpointId: string, since: string, now: number): Promise<number>;
  close(): Promise<void>;
}
