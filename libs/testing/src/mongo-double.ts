import { BSON, MongoNetworkError, MongoServerError, ObjectId } from 'mongodb';
import { Query, update as applyUpdate } from 'mingo';
import mongoose, { type Connection } from 'mongoose';

type Doc = Record<string, unknown>;
type Filter = Record<string, unknown>;
interface FindOptions {
  sort?: Record<string, 1 | -1>;
  limit?: number;
  skip?: number;
  projection?: Record<string, 0 | 1>;
}
interface IndexSpec {
  name: string;
  key: Record<string, 1 | -1>;
  unique?: boolean;
  sparse?: boolean;
  expireAfterSeconds?: number;
}

/**
 * What the server would keep of a document: the driver serializes it to BSON (undefined
 * becomes null, as the driver's default `ignoreUndefined: false` does) and reads it back.
 */
const throughBson = (doc: Doc): Doc => BSON.deserialize(BSON.serialize(doc, { ignoreUndefined: false }), { promoteValues: true });

const valueAt = (doc: Doc, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Doc)[key] : undefined), doc);

/** The filter's plain equalities, which an upsert copies into the document it inserts. */
function equalitiesOf(filter: Filter): Doc {
  const fields: Doc = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$')) continue;
    if (value && typeof value === 'object' && !(value instanceof ObjectId) && !Array.isArray(value)) {
      const operators = Object.keys(value);
      if (operators.length === 1 && operators[0] === '$eq') fields[key] = (value as Doc).$eq;
      if (operators.some((op) => op.startsWith('$'))) continue;
    }
    fields[key] = value;
  }
  return fields;
}

/**
 * One collection of the double: the subset of the MongoDB driver's `Collection` that
 * mongoose and our adapters call, over documents kept in memory. Queries and update
 * operators are evaluated by mingo (MongoDB's query language in JavaScript), unique and
 * sparse indexes are enforced as the server does (error 11000; sparse skips only missing
 * fields, never nulls), documents go through BSON both ways. TTL indexes are recorded,
 * never applied; there are no transactions.
 */
class DoubleCollection {
  private docs: Doc[] = [];
  /** Calls to fail, by method: how many calls of it pass first. */
  private readonly failures = new Map<string, number>();
  private readonly indexSpecs: IndexSpec[] = [{ name: '_id_', key: { _id: 1 }, unique: true }];

  constructor(
    readonly collectionName: string,
    private readonly roundTrips: RoundTrips = { count: 0, byCall: {} },
  ) {
    // Every write and read goes through `fault` first, so a test can cut the connection at any call.
    for (const method of [
      'insertOne',
      'insertMany',
      'findOne',
      'updateOne',
      'updateMany',
      'replaceOne',
      'findOneAndUpdate',
      'deleteOne',
      'deleteMany',
      'bulkWrite',
    ] as const) {
      const real = this[method].bind(this) as (...args: unknown[]) => Promise<unknown>;
      (this as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        this.count(method);
        this.fault(method);
        return real(...args);
      };
    }
    const find = this.find.bind(this);
    this.find = (...args: Parameters<typeof find>) => {
      this.count('find');
      return find(...args);
    };
  }

  private count(method: string): void {
    const call = `${this.collectionName}.${method}`;
    this.roundTrips.count += 1;
    this.roundTrips.byCall[call] = (this.roundTrips.byCall[call] ?? 0) + 1;
  }

  /** The operations a batch of writes may hold, each as its own call would do it: one round trip for all. */
  async bulkWrite(
    operations: (
      | { insertOne: { document: Doc } }
      | { updateOne: { filter: Filter; update: Doc; upsert?: boolean } }
      | { updateMany: { filter: Filter; update: Doc } }
    )[],
  ) {
    const result = { insertedCount: 0, matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
    for (const operation of operations) {
      if ('insertOne' in operation) {
        this.insert(operation.insertOne.document);
        result.insertedCount += 1;
        continue;
      }
      const done =
        'updateOne' in operation
          ? await this.apply('updateOne', operation.updateOne.filter, operation.updateOne.update, { upsert: operation.updateOne.upsert })
          : await this.apply('updateMany', operation.updateMany.filter, operation.updateMany.update);
      result.matchedCount += done.matchedCount;
      result.modifiedCount += done.modifiedCount;
      result.upsertedCount += done.upsertedCount;
    }
    return { acknowledged: true, ...result, ok: 1 };
  }

  /** An update inside a bulk write: the same as the call, without counting it as a round trip of its own. */
  private apply(method: 'updateOne' | 'updateMany', filter: Filter, update: Doc, options: { upsert?: boolean } = {}) {
    return method === 'updateOne'
      ? DoubleCollection.prototype.updateOne.call(this, filter, update, options)
      : DoubleCollection.prototype.updateMany.call(this, filter, update);
  }

  /** The `after`+1-th next call of `method` fails as a dropped connection would, having done nothing. */
  failCall(method: string, after = 0): void {
    this.failures.set(method, after);
  }

  private fault(method: string): void {
    const left = this.failures.get(method);
    if (left === undefined) return;
    if (left > 0) return void this.failures.set(method, left - 1);
    this.failures.delete(method);
    throw new MongoNetworkError(`connection to the double dropped during ${this.collectionName}.${method}`);
  }

  private select(filter: Filter, options: FindOptions = {}): Doc[] {
    let cursor = new Query(filter ?? {}).find<Doc>(this.docs);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    const found = cursor.all();
    return options.projection ? found.map((doc) => project(doc, options.projection!)) : found;
  }

  /** Refuses a document that would break a unique index, as the server does. */
  private checkUnique(candidate: Doc, replacing?: Doc): void {
    for (const index of this.indexSpecs.filter((i) => i.unique)) {
      const paths = Object.keys(index.key);
      const key = (doc: Doc) => paths.map((path) => valueAt(doc, path));
      if (index.sparse && paths.every((path) => valueAt(candidate, path) === undefined)) continue;
      const mine = JSON.stringify(BSON.EJSON.serialize(key(candidate).map((v) => v ?? null)));
      const clash = this.docs.find(
        (doc) =>
          doc !== replacing &&
          !(index.sparse && paths.every((path) => valueAt(doc, path) === undefined)) &&
          JSON.stringify(BSON.EJSON.serialize(key(doc).map((v) => v ?? null))) === mine,
      );
      if (clash) {
        throw new MongoServerError({
          message: `E11000 duplicate key error collection: ${this.collectionName} index: ${index.name}`,
          code: 11000,
        });
      }
    }
  }

  private insert(doc: Doc): Doc {
    const { _id, ...fields } = doc;
    const stored = throughBson({ _id: _id ?? new ObjectId(), ...fields });
    this.checkUnique(stored);
    this.docs.push(stored);
    return stored;
  }

  private replaceStored(old: Doc, next: Doc): void {
    const stored = throughBson(next);
    this.checkUnique(stored, old);
    this.docs[this.docs.indexOf(old)] = stored;
  }

  private applyTo(old: Doc, modifier: Doc, inserting: boolean): Doc {
    const next = BSON.deserialize(BSON.serialize(old)) as Doc;
    const { $setOnInsert, ...operators } = modifier as { $setOnInsert?: Doc };
    if (Object.keys(operators).length > 0) applyUpdate(next, operators as never, undefined, undefined, { cloneMode: 'deep' });
    if (inserting && $setOnInsert) applyUpdate(next, { $set: $setOnInsert } as never, undefined, undefined, { cloneMode: 'deep' });
    return next;
  }

  async insertOne(doc: Doc) {
    const stored = this.insert(doc);
    return { acknowledged: true, insertedId: stored._id };
  }

  async insertMany(docs: Doc[], options: { ordered?: boolean } = {}) {
    const insertedIds: Record<number, unknown> = {};
    const errors: unknown[] = [];
    docs.forEach((doc, i) => {
      if (errors.length > 0 && options.ordered !== false) return;
      try {
        insertedIds[i] = this.insert(doc)._id;
      } catch (error) {
        errors.push(error);
      }
    });
    if (errors.length > 0) throw errors[0];
    return { acknowledged: true, insertedCount: docs.length, insertedIds };
  }

  async findOne(filter: Filter, options: FindOptions = {}) {
    return this.select(filter, { ...options, limit: 1 })[0] ?? null;
  }

  find(filter: Filter, options: FindOptions = {}) {
    const state: FindOptions = { ...options };
    const cursor = {
      sort: (sort: FindOptions['sort']) => ((state.sort = sort), cursor),
      limit: (limit: number) => ((state.limit = limit), cursor),
      skip: (skip: number) => ((state.skip = skip), cursor),
      project: (projection: FindOptions['projection']) => ((state.projection = projection), cursor),
      toArray: async () => this.select(filter, state),
      close: async () => undefined,
      async *[Symbol.asyncIterator]() {
        yield* await cursor.toArray();
      },
    };
    return cursor;
  }

  async updateOne(filter: Filter, modifier: Doc, options: { upsert?: boolean; sort?: FindOptions['sort'] } = {}) {
    const [found] = this.select(filter, { sort: options.sort, limit: 1 });
    if (!found) {
      if (!options.upsert) return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
      const stored = this.insert(this.applyTo(equalitiesOf(filter), modifier, true));
      return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: stored._id };
    }
    const next = this.applyTo(found, modifier, false);
    const changed = !Buffer.from(BSON.serialize(next)).equals(BSON.serialize(found));
    if (changed) this.replaceStored(found, next);
    return { acknowledged: true, matchedCount: 1, modifiedCount: changed ? 1 : 0, upsertedCount: 0, upsertedId: null };
  }

  async updateMany(filter: Filter, modifier: Doc) {
    let modifiedCount = 0;
    const found = this.select(filter);
    for (const doc of found) {
      const next = this.applyTo(doc, modifier, false);
      if (Buffer.from(BSON.serialize(next)).equals(BSON.serialize(doc))) continue;
      this.replaceStored(doc, next);
      modifiedCount += 1;
    }
    return { acknowledged: true, matchedCount: found.length, modifiedCount, upsertedCount: 0, upsertedId: null };
  }

  async replaceOne(filter: Filter, replacement: Doc, options: { upsert?: boolean } = {}) {
    const [found] = this.select(filter, { limit: 1 });
    if (!found) {
      if (!options.upsert) return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
      const stored = this.insert({ _id: equalitiesOf(filter)._id, ...replacement });
      return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: stored._id };
    }
    this.replaceStored(found, { ...replacement, _id: found._id });
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedCount: 0, upsertedId: null };
  }

  async findOneAndUpdate(
    filter: Filter,
    modifier: Doc,
    options: {
      upsert?: boolean;
      sort?: FindOptions['sort'];
      returnDocument?: 'before' | 'after';
      projection?: FindOptions['projection'];
      includeResultMetadata?: boolean;
    } = {},
  ) {
    const [found] = this.select(filter, { sort: options.sort, limit: 1 });
    let before: Doc | null = found ?? null;
    let after: Doc | null = null;
    if (found) {
      after = this.applyTo(found, modifier, false);
      this.replaceStored(found, after);
      after = this.docs.find((doc) => BSON.EJSON.stringify(doc._id) === BSON.EJSON.stringify(found._id)) ?? null;
    } else if (options.upsert) {
      after = this.insert(this.applyTo(equalitiesOf(filter), modifier, true));
      before = null;
    }
    const chosen = options.returnDocument === 'after' ? after : before;
    const value = chosen && options.projection ? project(chosen, options.projection) : chosen;
    return options.includeResultMetadata ? { value, ok: 1, lastErrorObject: { n: found || after ? 1 : 0 } } : value;
  }

  async deleteOne(filter: Filter) {
    const [found] = this.select(filter, { limit: 1 });
    if (found) this.docs = this.docs.filter((doc) => doc !== found);
    return { acknowledged: true, deletedCount: found ? 1 : 0 };
  }

  async deleteMany(filter: Filter) {
    const found = new Set(this.select(filter));
    this.docs = this.docs.filter((doc) => !found.has(doc));
    return { acknowledged: true, deletedCount: found.size };
  }

  async createIndex(key: IndexSpec['key'], options: Omit<IndexSpec, 'key' | 'name'> & { name?: string } = {}) {
    const name =
      options.name ??
      Object.entries(key)
        .map(([path, order]) => `${path}_${order}`)
        .join('_');
    if (!this.indexSpecs.some((index) => index.name === name)) {
      const spec = { ...options, name, key };
      // The server refuses a unique index the stored documents already break.
      const kept = this.docs;
      this.docs = [];
      this.indexSpecs.push(spec);
      try {
        for (const doc of kept) {
          this.checkUnique(doc);
          this.docs.push(doc);
        }
      } catch (error) {
        this.indexSpecs.pop();
        this.docs = kept;
        throw error;
      }
    }
    return name;
  }

  async createIndexes(specs: (IndexSpec & { key: IndexSpec['key'] })[]) {
    return Promise.all(specs.map(({ key, ...options }) => this.createIndex(key, options)));
  }
}

function project(doc: Doc, projection: Record<string, 0 | 1>): Doc {
  const included = Object.entries(projection).filter(([, on]) => on);
  if (included.length === 0) {
    const copy = { ...doc };
    for (const path of Object.keys(projection)) delete copy[path];
    return copy;
  }
  const picked: Doc = projection._id === 0 ? {} : { _id: doc._id };
  for (const [path] of included) if (path in doc) picked[path] = doc[path];
  return picked;
}

/** Calls made to the double's server, in all and by collection and call. */
export interface RoundTrips {
  count: number;
  byCall: Record<string, number>;
}

/** The database of the double: its collections, made on first use. */
export class MongoDouble {
  private readonly collections = new Map<string, DoubleCollection>();
  /** Every call a client made to the server, as a driver's command monitoring would count them. */
  readonly roundTrips: RoundTrips = { count: 0, byCall: {} };

  collection(name: string): DoubleCollection {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new DoubleCollection(name, this.roundTrips);
      this.collections.set(name, collection);
    }
    return collection;
  }

  async createCollection(name: string) {
    return this.collection(name);
  }

  /**
   * A mongoose connection whose collections are this double's: mongoose's own models,
   * casting, strict mode and update casting run as in production; only the server is
   * replaced. Each call is another client of the same data, as two processes would be.
   */
  connection(): Connection {
    const connection = mongoose.createConnection();
    Object.assign(connection, { db: this, name: 'double' });
    (connection as unknown as { onOpen(): void }).onOpen();
    return connection;
  }
}
