import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DriverTask, SignedInDriver } from './types';

/** A step waiting for the network, in the order the driver took them. */
export interface QueuedStep {
  seq?: number;
  taskId: string;
  /** What the driver did, in their words: shown while it waits, and if it is refused. */
  label: string;
  method: 'POST';
  path: string;
  json?: Record<string, unknown>;
  /** A photo or signature to upload; its answer (`media:…`) fills later steps' `fills`. */
  bytes?: Blob;
  /** The Idempotency-Key it is sent with, every time: sent twice, it is done once. */
  key: string;
  /** Fields of `json.proof_of_delivery` to fill with the media an earlier upload (by its seq) answered. */
  fills?: { field: 'photo_url' | 'signature_url'; upload: number }[];
  createdAt: string;
}

/** A step the server refused once the network was back (the task was cancelled meanwhile, say). */
export interface RefusedStep {
  seq?: number;
  taskId: string;
  label: string;
  reason: string;
  at: string;
}

interface DriverAppDb extends DBSchema {
  queue: { key: number; value: QueuedStep };
  uploaded: { key: number; value: string };
  refused: { key: number; value: RefusedStep };
  kept: { key: string; value: unknown };
}

let db: Promise<IDBPDatabase<DriverAppDb>> | null = null;

/** The phone's own store: what must outlive a reload, a dead zone and a closed tab. */
export const store = () =>
  (db ??= openDB<DriverAppDb>('driver-app', 1, {
    upgrade(database) {
      database.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      database.createObjectStore('uploaded');
      database.createObjectStore('refused', { keyPath: 'seq', autoIncrement: true });
      database.createObjectStore('kept');
    },
  }));

/** The last task list and driver read, so the app opens with them in a dead zone. */
export const keep = async (key: 'tasks' | 'driver', value: DriverTask[] | SignedInDriver | null) => (await store()).put('kept', value, key);
export const kept = async <T>(key: 'tasks' | 'driver') => (await store()).get('kept', key) as Promise<T | undefined>;

/** Everything of the signed-out driver goes: the next one on this phone sees none of it. */
export async function forgetAll(): Promise<void> {
  const database = await store();
  await Promise.all((['queue', 'uploaded', 'refused', 'kept'] as const).map((name) => database.clear(name)));
}
