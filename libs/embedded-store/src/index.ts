import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { open, type Database, type Key, type RootDatabase } from 'lmdb';

export type EmbeddedStore = RootDatabase;
export type { Database as EmbeddedTable, Key as EmbeddedKey } from 'lmdb';

/**
 * Opens an LMDB environment for an embedded adapter. `overlappingSync: false` makes a
 * write's promise resolve only after the commit is flushed to disk, so every
 * acknowledged write survives a crash (the default acknowledges before the flush).
 * LMDB is multi-process safe, so the admin CLI can write while the system runs.
 */
/** lmdb's writing methods, on the environment and on each table. */
const WRITES = [
  ...['put', 'remove', 'del', 'putSync', 'removeSync', 'batch', 'drop', 'dropSync', 'clearAsync', 'clearSync'],
  ...['transaction', 'transactionSync', 'transactionAsync', 'childTransaction', 'ifNoExists', 'ifVersion'],
];

export function openEmbeddedStore(path: string): EmbeddedStore {
  // Readable by the service's own user only: the stores hold callers' data and sealed secrets.
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
  const store = open({ path, overlappingSync: false, maxDbs: 32, compression: false });
  for (const file of readdirSync(path)) chmodSync(join(path, file), 0o600);
  // lmdb gathers the writes of one turn of the event loop and starts them on the next
  // (setImmediate). A write on a table after its environment closed (a timer or a response
  // handler finishing after a stop) would start there and throw "environment is already
  // closed" where no caller can catch it, in whatever runs next in the process. So a close
  // lets the queued batch start and commit, and from then on every write is refused where it
  // is made, as an error its caller sees.
  let closed = false;
  const guarded = <T extends object>(table: T): T => {
    for (const name of WRITES) {
      const write = (table as Record<string, unknown>)[name];
      if (typeof write !== 'function') continue;
      (table as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        if (closed) throw new Error(`the embedded store at ${path} is closed`);
        return write.apply(this, args);
      };
    }
    return table;
  };
  guarded(store);
  const openTable = store.openDB.bind(store);
  store.openDB = ((...args: Parameters<typeof openTable>) => guarded(openTable(...args))) as typeof store.openDB;
  const closeEnvironment = store.close.bind(store);
  store.close = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await store.committed;
    closed = true;
    return closeEnvironment();
  };
  return store;
}

/**
 * A table of records of one shape (tasks, deliveries, outbox entries...). Their msgpack
 * encoding shares the field names once per table instead of writing them in every record,
 * which makes records smaller and both encoding and decoding several times cheaper.
 * Records stored without it still read back.
 */
export function openRecordTable<V, K extends Key = Key>(store: EmbeddedStore, name: string): Database<V, K> {
  return store.openDB<V, K>({ name, sharedStructuresKey: Symbol.for('structures') });
}

/**
 * Rewrites a store without its free pages, where values overwritten or removed linger until
 * LMDB reuses the page (after a key rotation: secrets sealed with the old key). A compacted
 * copy is made beside it, then put in its place: no process may have the store open, since
 * one would go on using the pages of the file it opened.
 */
export async function compactEmbeddedStore(path: string): Promise<void> {
  const copy = `${path}.compacting`;
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { mode: 0o700 });
  const store = openEmbeddedStore(path);
  try {
    await store.backup(copy, true);
  } finally {
    await store.close();
  }
  chmodSync(join(copy, 'data.mdb'), 0o600);
  renameSync(join(copy, 'data.mdb'), join(path, 'data.mdb'));
  rmSync(copy, { recursive: true, force: true });
}
