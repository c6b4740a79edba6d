import { platformFieldsToJson, TOPICS, type EventEnvelope } from '@delivery/contracts';
import { type EmbeddedStore, type EmbeddedTable, openRecordTable } from '@delivery/embedded-store';
import { EmbeddedOutbox } from '@delivery/outbox/embedded';
import type { Task } from '../domain/task';
import { isWithFleet } from '../domain/task-lifecycle';
import { withTimeline } from '../domain/task-timeline';
import { nextLatenessCheck } from '../domain/task-lateness';
import {
  passesTaskFilter,
  type CreateTaskResult,
  type FleetTaskPosition,
  type TaskListCursor,
  type TaskListFilter,
  type TaskListPage,
  type TaskRepository,
} from '../ports/task.repository';

// Tuple keys: no id, whatever characters it holds, can run into the next one.
type IndexKey =
  | ['shipment', string]
  | ['fulfillment', string, string]
  | ['order', string, string, string]
  | ['hold', string, string]
  | ['fleet', string, number, string, string]
  | ['dispatch-due', string, string]
  | ['capacity-owed', string]
  | ['assignment-due', string, string]
  | ['lateness-due', string, string]
  | ['call-off-owed', string, string]
  | ['tracking', string]
  | ['created', string, string, string]
  | ['created-index-built'];
const shipmentKey = (shipmentId: string): IndexKey => ['shipment', shipmentId];
const fulfillmentKey = (accountId: string, fulfillmentId: string): IndexKey => ['fulfillment', accountId, fulfillmentId];
const orderKey = (task: Task): IndexKey => ['order', task.accountId, task.orderId, task.id];
const createdKey = (task: Task): IndexKey => ['created', task.accountId, task.createdAt, task.id];

/** How many tasks one list call looks at, at most, so a rare filter cannot make a call scan the whole store. */
const LIST_SCAN_BUDGET = 5_000;

/** The index entries that follow the task's state: its hold while reserved, its fleet while the fleet has it, its pickup while confirmed. */
function stateKeys(task: Task): IndexKey[] {
  const keys: IndexKey[] = [];
  if (task.status === 'reserved' && task.reservation) keys.push(['hold', task.reservation.heldUntil, task.id]);
  if (isWithFleet(task) && task.dispatch) keys.push(['fleet', task.accountId, task.dispatch.fleetId, task.dispatch.dispatchedAt, task.id]);
  if (task.status === 'confirmed' && task.reservation) keys.push(['dispatch-due', task.reservation.pickupWindow.startTime, task.id]);
  if (task.status === 'released' && task.reservation && !task.reservation.capacityReturnedAt) keys.push(['capacity-owed', task.id]);
  if (task.status === 'dispatched' && task.dispatch && !task.dispatch.timedOutAt)
    keys.push(['assignment-due', task.dispatch.dispatchedAt, task.id]);
  if (task.dispatch?.callOffOwedSince) keys.push(['call-off-owed', task.dispatch.callOffOwedSince, task.id]);
  const lateCheck = nextLatenessCheck(task);
  if (lateCheck) keys.push(['lateness-due', lateCheck, task.id]);
  return keys;
}

/** A task as stored: one stored before its carried fields were kept as JSON text has them as an object. */
type StoredTask = Task & { platformFields?: Record<string, unknown> };

/** A stored task as the domain reads it. */
function current(stored: StoredTask): Task {
  if (stored.platformFields === undefined) return stored;
  const { platformFields, ...task } = stored;
  return { ...task, platformFieldsJson: platformFieldsToJson(platformFields) };
}

/**
 * Tasks on the embedded LMDB store. A task, its index entries and its outbox entries are
 * written in one LMDB transaction; the outbox is keyed by a sequence so it drains in commit order.
 */
export class EmbeddedTaskRepository implements TaskRepository {
  private readonly tasks: EmbeddedTable<StoredTask, string>;
  private readonly index: EmbeddedTable<string, IndexKey>;
  readonly outbox: EmbeddedOutbox;

  constructor(store: EmbeddedStore) {
    this.tasks = openRecordTable<StoredTask, string>(store, 'tasks');
    this.index = store.openDB<string, IndexKey>({ name: 'task-index' });
    this.outbox = new EmbeddedOutbox(store, TOPICS.orders);
    this.indexCreatedOnce();
  }

  /** Stores made before the list existed have no `created` entries: they are added once, on the first open. */
  private indexCreatedOnce(): void {
    if (this.index.get(['created-index-built']) !== undefined) return;
    this.index.transactionSync(() => {
      for (const { value: task } of this.tasks.getRange()) this.index.putSync(createdKey(task), task.id);
      this.index.putSync(['created-index-built'], 'yes');
    });
  }

  async create(task: Task, events: readonly EventEnvelope[]): Promise<CreateTaskResult> {
    return this.tasks.transaction((): CreateTaskResult => {
      const existingId = this.index.get(fulfillmentKey(task.accountId, task.fulfillmentId));
      const existing = existingId ? this.read(existingId) : undefined;
      if (existing) return { created: false, existing };
      const created = withTimeline(task, events);
      this.tasks.put(task.id, created);
      this.index.put(fulfillmentKey(task.accountId, task.fulfillmentId), task.id);
      this.index.put(shipmentKey(task.shipmentId), task.id);
      this.index.put(orderKey(task), task.id);
      this.index.put(createdKey(task), task.id);
      if (task.trackingToken) this.index.put(['tracking', task.trackingToken], task.id);
      for (const key of stateKeys(created)) this.index.put(key, task.id);
      this.outbox.append(events);
      return { created: true };
    });
  }

  async update(task: Task, expectedVersion: number, events: readonly EventEnvelope[]): Promise<boolean> {
    return this.tasks.transaction(() => {
      const stored = this.tasks.get(task.id);
      if (stored?.version !== expectedVersion) return false;
      // The index follows the task as stored: its timeline grown by this change's events.
      const next = withTimeline({ ...task, timeline: stored.timeline }, events);
      for (const key of stateKeys(stored)) this.index.remove(key);
      for (const key of stateKeys(next)) this.index.put(key, task.id);
      this.tasks.put(task.id, next);
      this.outbox.append(events);
      return true;
    });
  }

  private read(taskId: string): Task | undefined {
    const stored = this.tasks.get(taskId);
    return stored && current(stored);
  }

  async findById(accountId: string, taskId: string): Promise<Task | null> {
    const task = this.read(taskId);
    return task?.accountId === accountId ? task : null;
  }

  async findByShipmentId(accountId: string, shipmentId: string): Promise<Task | null> {
    const taskId = this.index.get(shipmentKey(shipmentId));
    return taskId ? this.findById(accountId, taskId) : null;
  }

  async findByFulfillmentId(accountId: string, fulfillmentId: string): Promise<Task | null> {
    const taskId = this.index.get(fulfillmentKey(accountId, fulfillmentId));
    return taskId ? this.findById(accountId, taskId) : null;
  }

  async findByTrackingToken(token: string): Promise<Task | null> {
    const taskId = this.index.get(['tracking', token]);
    return (taskId && this.read(taskId)) || null;
  }

  async findByOrderId(accountId: string, orderId: string): Promise<Task[]> {
    const range = this.index.getRange({ start: ['order', accountId, orderId], end: ['order', accountId, orderId, '\uffff'] });
    return [...range].flatMap(({ value }) => this.read(value) ?? []);
  }

  async findHoldsDue(now: Date, limit: number): Promise<Task[]> {
    const range = this.index.getRange({ start: ['hold'], end: ['hold', now.toISOString(), '\uffff'], limit });
    return [...range].flatMap(({ value }) => this.read(value) ?? []);
  }

  async findAssignmentsOverdue(dispatchedBy: Date, limit: number): Promise<Task[]> {
    const range = this.index.getRange({ start: ['assignment-due'], end: ['assignment-due', dispatchedBy.toISOString(), '\uffff'], limit });
    return [...range].flatMap(({ value }) => this.read(value) ?? []);
  }

  async findCapacityOwed(limit: number): Promise<Task[]> {
    const range = this.index.getRange({ start: ['capacity-owed'], end: ['capacity-owed', '\uffff'], limit });
    return [...range].flatMap(({ value }) => this.read(value) ?? []);
  }

  async findWithFleet(accountId: string, fleetId: number, page: { after: FleetTaskPosition | null; limit: number }): Promise<Task[]> {
    const range = this.index.getRange({
      // The key after the position's own: one more element sorts after it and before anything greater.
      start: page.after ? ['fleet', accountId, fleetId, page.after.dispatchedAt, page.after.taskId, ''] : ['fleet', accountId, fleetId],
      end: ['fleet', accountId, fleetId, '\uffff'],
      limit: page.limit,
    });
    return [...range].flatMap(({ value }) => this.read(value) ?? []);
  }

  async findLatenessDue(now: Date, limit: number): Promise<Task[]> {
    const range = this.index.getRange({ start: ['lateness-due'], end: ['lateness-due', now.toISOString(), '\uffff'], limit });
    return [...range].flatMap(({ value }) => this.read(value) ?? []);
  }

  async findCallOffsOwed(owedBy: Date, limit: number): Promise<Task[]> {
    const range = this.index.getRange({ start: ['call-off-owed'], end: ['call-off-owed', owedBy.toISOString(), '\uffff'], limit });
    return [...range].flatMap(({ value }) => this.read(value) ?? []);
  }

  async findDispatchesDue(pickupBy: Date, limit: number): Promise<Task[]> {
    const range = this.index.getRange({ start: ['dispatch-due'], end: ['dispatch-due', pickupBy.toISOString(), '\uffff'], limit });
    return [...range].flatMap(({ value }) => this.read(value) ?? []);
  }

  async listTasks(
    accountId: string,
    filter: TaskListFilter,
    page: { cursor: TaskListCursor | null; limit: number },
  ): Promise<TaskListPage> {
    const start: IndexKey = page.cursor
      ? ['created', accountId, page.cursor.createdAt, page.cursor.taskId]
      : ['created', accountId, filter.createdTo ?? '\uffff', ''];
    const end: IndexKey = ['created', accountId, filter.createdFrom ?? '', ''];
    const tasks: Task[] = [];
    let last: TaskListCursor | null = null;
    let looked = 0;
    for (const { key, value } of this.index.getRange({ start, end, reverse: true })) {
      const [, , createdAt, taskId] = key as ['created', string, string, string];
      // The range starts at the cursor itself: the page after it excludes it.
      if (page.cursor && createdAt === page.cursor.createdAt && taskId === page.cursor.taskId) continue;
      const task = this.read(value);
      const passes = task !== undefined && passesTaskFilter(task, filter);
      // A full page gives a cursor only when a task follows it (as MongoDB's one-more read does).
      if (passes && tasks.length === page.limit) return { tasks, next: last };
      last = { createdAt, taskId };
      if (passes) tasks.push(task);
      if (++looked === LIST_SCAN_BUDGET) return { tasks, next: last };
    }
    return { tasks, next: null };
  }

  async close(): Promise<void> {}
}
