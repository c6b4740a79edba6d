import { Schema, type Connection, type Model } from 'mongoose';
import { openMongoConnection } from '@delivery/config/mongo';
import { TOPICS, type EventEnvelope } from '@delivery/contracts';
import { toOutboxEntry, type OutboxEntry } from '@delivery/outbox';
import type { HotQuery } from '@delivery/config';
import { MongoDocumentOutbox, OUTBOX_PENDING_INDEX } from '@delivery/outbox/mongo';
import type { Task } from '../domain/task';
import { WITH_FLEET } from '../domain/task-lifecycle';
import { timelineSteps, withTimeline } from '../domain/task-timeline';
import { nextLatenessCheck } from '../domain/task-lateness';
import type {
  CreateTaskResult,
  FleetTaskPosition,
  TaskListCursor,
  TaskListFilter,
  TaskListPage,
  TaskRepository,
} from '../ports/task.repository';

/**
 * A task document carries its own pending outbox entries: MongoDB writes one document
 * atomically without a replica-set transaction, so the change and its events commit together.
 */
/** `latenessCheckAt` (task-lateness.ts) is derived from the task on every write, for the lateness sweep's query. */
type TaskDocument = Omit<Task, 'id'> & {
  _id: string;
  outbox: OutboxEntry[];
  latenessCheckAt?: string;
};

const taskSchema = new Schema<TaskDocument>(
  {
    _id: String,
    accountId: String,
    shipmentId: String,
    fulfillmentId: String,
    orderId: String,
    status: String,
    version: Number,
    outbox: [{ _id: false, id: String, topic: String, key: String, value: String, requestId: String, occurredAt: String, trace: String }],
  },
  { strict: false, versionKey: false, minimize: false },
);
taskSchema.index({ accountId: 1, fulfillmentId: 1 }, { unique: true });
taskSchema.index({ shipmentId: 1 }, { unique: true });
taskSchema.index({ trackingToken: 1 }, { unique: true, sparse: true });
/**
 * The queries run on every request or sweep, each with the index that serves it (equality,
 * sort with the `_id` tie-break, range: a bounded scan in order, no sort stage). A test checks
 * each against the declared indexes; the queries below sort as listed here.
 */
export const TASK_QUERIES = {
  byOrder: { name: 'findByOrderId', equality: ['accountId', 'orderId'], sort: { createdAt: 1, _id: 1 } },
  holdsDue: { name: 'findHoldsDue', equality: ['status'], sort: { 'reservation.heldUntil': 1, _id: 1 } },
  latenessDue: { name: 'findLatenessDue', equality: [], sort: { latenessCheckAt: 1, _id: 1 } },
  assignmentsOverdue: {
    name: 'findAssignmentsOverdue',
    equality: ['status', 'dispatch.timedOutAt'],
    sort: { 'dispatch.dispatchedAt': 1, _id: 1 },
  },
  capacityOwed: { name: 'findCapacityOwed', equality: ['status', 'reservation.capacityReturnedAt'], sort: { _id: 1 } },
  callOffsOwed: { name: 'findCallOffsOwed', equality: [], sort: { 'dispatch.callOffOwedSince': 1, _id: 1 } },
  withFleet: {
    name: 'findWithFleet',
    equality: ['accountId', 'dispatch.fleetId'],
    sort: { 'dispatch.dispatchedAt': 1, _id: 1 },
    range: ['status'],
  },
  dispatchesDue: { name: 'findDispatchesDue', equality: ['status'], sort: { 'reservation.pickupWindow.startTime': 1, _id: 1 } },
  list: { name: 'listTasks', equality: ['accountId'], sort: { createdAt: -1, _id: -1 } },
} as const satisfies Record<string, HotQuery>;

// Indexes are only ever added (a rolling deploy runs versions side by side): those without
// the `_id` tie-break that the ones below replace stay until an operator drops them (README).
taskSchema.index({ accountId: 1, orderId: 1, createdAt: 1, _id: 1 });
taskSchema.index({ accountId: 1, createdAt: -1, _id: -1 });
taskSchema.index({ status: 1, 'reservation.heldUntil': 1, _id: 1 });
taskSchema.index({ accountId: 1, 'dispatch.fleetId': 1, 'dispatch.dispatchedAt': 1, _id: 1, status: 1 });
taskSchema.index({ status: 1, 'reservation.pickupWindow.startTime': 1, _id: 1 });
taskSchema.index({ status: 1, 'reservation.capacityReturnedAt': 1, _id: 1 });
taskSchema.index({ status: 1, 'dispatch.timedOutAt': 1, 'dispatch.dispatchedAt': 1, _id: 1 });
taskSchema.index({ latenessCheckAt: 1, _id: 1 });
// Only the few tasks owed a call-off are in it.
taskSchema.index(
  { 'dispatch.callOffOwedSince': 1, _id: 1 },
  { partialFilterExpression: { 'dispatch.callOffOwedSince': { $exists: true } } },
);
taskSchema.index({ 'outbox.id': 1 }, { sparse: true });
taskSchema.index(OUTBOX_PENDING_INDEX.key, OUTBOX_PENDING_INDEX.options);

const DUPLICATE_KEY = 11000;

/**
 * The caller's platform fields are kept as JSON text: their keys are the caller's and may
 * start with `$` or hold dots, which MongoDB field names (and `$set`) do not take.
 */
/**
 * Absent, not null: the driver writes an undefined field as null, which the sparse unique
 * index on `trackingToken` would then hold against every other task without one, and which
 * would read back as null where the task had nothing.
 */
function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutUndefined) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .map(([key, field]) => [key, withoutUndefined(field)]),
  ) as T;
}

function toFields(task: Task): Omit<TaskDocument, '_id' | 'outbox'> {
  const { id: _id, ...rest } = task;
  return withoutUndefined({ ...rest, latenessCheckAt: nextLatenessCheck(task) ?? undefined });
}

function toTask(doc: TaskDocument): Task {
  const { _id, outbox: _outbox, latenessCheckAt: _check, ...rest } = doc;
  return { id: _id, ...rest } as Task;
}

/**
 * The document fields a task may lack (older tasks, or a change that drops one): an update
 * removes those the new state lacks, so the stored task is the one given, as a replace would.
 */
const OPTIONAL_FIELDS = [
  ...['platformFieldsJson', 'dispatch', 'driver', 'trackingToken', 'rejectedFleetIds', 'rejections', 'dispatchDecision'],
  ...['lateness', 'latenessCheckAt', 'requirements', 'pin', 'pinFailures', 'followUp'],
] as const;
const absentFrom = (fields: object) => Object.fromEntries(OPTIONAL_FIELDS.filter((name) => !(name in fields)).map((name) => [name, '']));

export class MongoTaskRepository implements TaskRepository {
  readonly outbox: MongoDocumentOutbox;

  private constructor(
    private readonly connection: Connection,
    private readonly tasks: Model<TaskDocument>,
  ) {
    this.outbox = new MongoDocumentOutbox(tasks.collection, connection.collection('outbox_leaders'));
  }

  static async connect(url: string): Promise<MongoTaskRepository> {
    return MongoTaskRepository.open(await openMongoConnection(url));
  }

  /** Over an open connection, which it closes when closed (a connection other stores share too: a second close does nothing). */
  static async open(connection: Connection): Promise<MongoTaskRepository> {
    const tasks = connection.model<TaskDocument>('Task', taskSchema, 'tasks');
    await tasks.createIndexes();
    return new MongoTaskRepository(connection, tasks);
  }

  async create(task: Task, events: readonly EventEnvelope[]): Promise<CreateTaskResult> {
    try {
      await this.tasks.collection.insertOne({
        _id: task.id,
        ...toFields(withTimeline(task, events)),
        outbox: this.entries(events),
      } as never);
      return { created: true };
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      const existing = await this.findByFulfillmentId(task.accountId, task.fulfillmentId);
      if (!existing) throw error;
      return { created: false, existing };
    }
  }

  async update(task: Task, expectedVersion: number, events: readonly EventEnvelope[]): Promise<boolean> {
    // The stored timeline grows by this change's events; the task given may carry an older copy of it.
    const { timeline: _given, ...fields } = toFields(withTimeline(task, events));
    const steps = timelineSteps(task.id, events);
    const unset = absentFrom(fields);
    const result = await this.tasks.collection.updateOne(
      { _id: task.id, version: expectedVersion } as never,
      {
        $set: fields,
        ...(Object.keys(unset).length > 0 && { $unset: unset }),
        $push: { outbox: { $each: this.entries(events) }, timeline: { $each: steps } },
      } as never,
    );
    return result.modifiedCount === 1;
  }

  async findById(accountId: string, taskId: string): Promise<Task | null> {
    return this.findOne({ _id: taskId, accountId });
  }

  async findByShipmentId(accountId: string, shipmentId: string): Promise<Task | null> {
    return this.findOne({ shipmentId, accountId });
  }

  async findByFulfillmentId(accountId: string, fulfillmentId: string): Promise<Task | null> {
    return this.findOne({ accountId, fulfillmentId });
  }

  async findByTrackingToken(token: string): Promise<Task | null> {
    return this.findOne({ trackingToken: token });
  }

  async findByOrderId(accountId: string, orderId: string): Promise<Task[]> {
    return this.sorted({ accountId, orderId }, TASK_QUERIES.byOrder);
  }

  async findHoldsDue(now: Date, limit: number): Promise<Task[]> {
    return this.sorted({ status: 'reserved', 'reservation.heldUntil': { $lte: now.toISOString() } }, TASK_QUERIES.holdsDue, limit);
  }

  async findLatenessDue(now: Date, limit: number): Promise<Task[]> {
    return this.sorted({ latenessCheckAt: { $lte: now.toISOString() } }, TASK_QUERIES.latenessDue, limit);
  }

  async findAssignmentsOverdue(dispatchedBy: Date, limit: number): Promise<Task[]> {
    return this.sorted(
      { status: 'dispatched', 'dispatch.timedOutAt': null, 'dispatch.dispatchedAt': { $lte: dispatchedBy.toISOString() } },
      TASK_QUERIES.assignmentsOverdue,
      limit,
    );
  }

  async findCapacityOwed(limit: number): Promise<Task[]> {
    return this.sorted({ status: 'released', 'reservation.capacityReturnedAt': null }, TASK_QUERIES.capacityOwed, limit);
  }

  async findCallOffsOwed(owedBy: Date, limit: number): Promise<Task[]> {
    // `$exists` as the partial index's filter says, so the index answers it.
    return this.sorted({ 'dispatch.callOffOwedSince': { $exists: true, $lte: owedBy.toISOString() } }, TASK_QUERIES.callOffsOwed, limit);
  }

  /** The tasks a listed query matches, in its order (its index's): at most `limit` when given. */
  private async sorted(filter: object, query: HotQuery, limit?: number): Promise<Task[]> {
    const found = this.tasks.collection.find(filter as never).sort(query.sort);
    const docs = await (limit === undefined ? found : found.limit(limit)).toArray();
    return docs.map((doc) => toTask(doc as unknown as TaskDocument));
  }

  async findWithFleet(accountId: string, fleetId: number, page: { after: FleetTaskPosition | null; limit: number }): Promise<Task[]> {
    const { after } = page;
    const docs = await this.tasks.collection
      .find({
        accountId,
        'dispatch.fleetId': fleetId,
        $and: [
          {
            $or: [
              { status: { $in: WITH_FLEET } },
              // A failed task whose parcel was picked up stays with the fleet until returned (isWithFleet).
              { status: 'failed', wayPoints: { $elemMatch: { type: 'pickup', completedAt: { $type: 'string' } } } },
            ],
          },
          after
            ? {
                $or: [
                  { 'dispatch.dispatchedAt': { $gt: after.dispatchedAt } },
                  { 'dispatch.dispatchedAt': after.dispatchedAt, _id: { $gt: after.taskId } },
                ],
              }
            : {},
        ],
      } as never)
      .sort(TASK_QUERIES.withFleet.sort)
      .limit(page.limit)
      .toArray();
    return docs.map((doc) => toTask(doc as unknown as TaskDocument));
  }

  async findDispatchesDue(pickupBy: Date, limit: number): Promise<Task[]> {
    return this.sorted(
      { status: 'confirmed', 'reservation.pickupWindow.startTime': { $lte: pickupBy.toISOString() } },
      TASK_QUERIES.dispatchesDue,
      limit,
    );
  }

  async listTasks(
    accountId: string,
    filter: TaskListFilter,
    page: { cursor: TaskListCursor | null; limit: number },
  ): Promise<TaskListPage> {
    const createdAt = {
      ...(filter.createdFrom !== undefined && { $gte: filter.createdFrom }),
      ...(filter.createdTo !== undefined && { $lt: filter.createdTo }),
    };
    const after = page.cursor && {
      $or: [{ createdAt: { $lt: page.cursor.createdAt } }, { createdAt: page.cursor.createdAt, _id: { $lt: page.cursor.taskId } }],
    };
    const docs = await this.tasks.collection
      .find({
        accountId,
        ...(filter.status !== undefined && { status: filter.status }),
        ...(filter.fleetId !== undefined && { 'dispatch.fleetId': filter.fleetId }),
        ...(Object.keys(createdAt).length > 0 && { createdAt }),
        ...(filter.late && { 'lateness.alerts.0': { $exists: true } }),
        ...after,
      } as never)
      .sort(TASK_QUERIES.list.sort)
      .limit(page.limit + 1)
      .toArray();
    const tasks = docs.slice(0, page.limit).map((doc) => toTask(doc as unknown as TaskDocument));
    const last = tasks.at(-1);
    return { tasks, next: docs.length > page.limit && last ? { createdAt: last.createdAt, taskId: last.id } : null };
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private entries(events: readonly EventEnvelope[]): OutboxEntry[] {
    return events.map((event) => toOutboxEntry(TOPICS.orders, event));
  }

  private async findOne(filter: Record<string, unknown>): Promise<Task | null> {
    const doc = await this.tasks.collection.findOne(filter as never);
    return doc ? toTask(doc as unknown as TaskDocument) : null;
  }
}
