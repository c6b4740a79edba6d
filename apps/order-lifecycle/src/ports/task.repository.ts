import type { EventEnvelope } from '@delivery/contracts';
import type { OutboxStore } from '@delivery/outbox';
import type { Task } from '../domain/task';

export type CreateTaskResult = { created: true } | { created: false; existing: Task };

/**
 * Tasks and their outbox. Every write stores the task and its events in one atomic
 * step, so an event exists exactly when its change does.
 */
export interface TaskRepository {
  /** The events of committed changes, waiting for the relay. */
  readonly outbox: OutboxStore;
  /** Stores a new task, unless its account already has a task for its fulfillment id: then returns that one. */
  create(task: Task, events: readonly EventEnvelope[]): Promise<CreateTaskResult>;
  /** Replaces the task only while the stored one is at `expectedVersion`; false when it moved on. */
  update(task: Task, expectedVersion: number, events: readonly EventEnvelope[]): Promise<boolean>;
  findById(accountId: string, taskId: string): Promise<Task | null>;
  findByShipmentId(accountId: string, shipmentId: string): Promise<Task | null>;
  findByFulfillmentId(accountId: string, fulfillmentId: string): Promise<Task | null>;
  /** The task whose recipient's tracking page this token opens, in any account. */
  findByTrackingToken(token: string): Promise<Task | null>;
  /** The account's tasks for one of the caller's order ids (one per fulfillment). */
  findByOrderId(accountId: string, orderId: string): Promise<Task[]>;
  /** Reserved tasks whose hold ends at or before `now`, oldest first. */
  findHoldsDue(now: Date, limit: number): Promise<Task[]>;
  /** Dispatched tasks with no driver, dispatched at or before `dispatchedBy` and not yet reported for it, first dispatched first. */
  findAssignmentsOverdue(dispatchedBy: Date, limit: number): Promise<Task[]>;
  /** Cancelled tasks whose courier network is owed word of it since `owedBy` or earlier, longest owed first. */
  findCallOffsOwed(owedBy: Date, limit: number): Promise<Task[]>;
  /** Released holds whose window capacity the quote service has not taken back yet. */
  findCapacityOwed(limit: number): Promise<Task[]>;
  /**
   * The tasks a fleet has in hand (dispatched to it, not yet delivered, failed or returned),
   * first dispatched first: at most `limit` after the position `after` (a page's last task).
   */
  findWithFleet(accountId: string, fleetId: number, page: { after: FleetTaskPosition | null; limit: number }): Promise<Task[]>;
  /** Confirmed reservations, not yet dispatched, whose pickup window starts at or before `pickupBy`, earliest first. */
  /** Tasks whose next lateness check (task-lateness.ts) is at or before `now`, earliest first. */
  findLatenessDue(now: Date, limit: number): Promise<Task[]>;
  findDispatchesDue(pickupBy: Date, limit: number): Promise<Task[]>;
  /**
   * The account's tasks, newest first, that pass the filter: a page of at most `limit`, and
   * a cursor for the next when more may follow. A page may come back short of `limit` with a
   * cursor when matches are sparse: each call looks at a bounded number of tasks.
   */
  listTasks(accountId: string, filter: TaskListFilter, page: { cursor: TaskListCursor | null; limit: number }): Promise<TaskListPage>;
  close(): Promise<void>;
}

export interface TaskListFilter {
  status?: Task['status'];
  fleetId?: number;
  /** ISO 8601: created at or after. */
  createdFrom?: string;
  /** ISO 8601: created before. */
  createdTo?: string;
  /** Only tasks told late at least once. */
  late?: boolean;
}

/** Where a page ended: the last task looked at. */
export interface TaskListCursor {
  createdAt: string;
  taskId: string;
}

export interface TaskListPage {
  tasks: Task[];
  next: TaskListCursor | null;
}

/** Whether a task passes the list filter: the embedded adapter filters with it; the MongoDB one says the same in its query. */
export function passesTaskFilter(task: Task, filter: TaskListFilter): boolean {
  return (
    (filter.status === undefined || task.status === filter.status) &&
    (filter.fleetId === undefined || task.dispatch?.fleetId === filter.fleetId) &&
    (filter.createdFrom === undefined || task.createdAt >= filter.createdFrom) &&
    (filter.createdTo === undefined || task.createdAt < filter.createdTo) &&
    (!filter.late || (task.lateness?.alerts.length ?? 0) > 0)
  );
}

/** Where a task stands in its fleet's list: when it was dispatched, then its id. */
export interface FleetTaskPosition {
  dispatchedAt: string;
  taskId: string;
}
