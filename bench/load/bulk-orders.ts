import { join } from 'node:path';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedTaskRepository } from '../../apps/order-lifecycle/src/adapters/task.embedded-repository';
import { newShipmentId, newTaskId, newTrackingToken } from '../../apps/order-lifecycle/src/domain/ids';
import type { Task } from '../../apps/order-lifecycle/src/domain/task';

const BATCH = 2_000;

/** The task a Create Order stored, read back from order-lifecycle's store (no app may run on it). */
export async function readStoredTask(dataDir: string, accountId: string, taskId: string): Promise<Task> {
  const store = openEmbeddedStore(join(dataDir, 'order-lifecycle'));
  try {
    const task = await new EmbeddedTaskRepository(store).findById(accountId, taskId);
    if (!task) throw new Error(`no task ${taskId} in ${dataDir}`);
    return task;
  } finally {
    await store.close();
  }
}

/**
 * Stores copies of a real task, each with its own ids, through the repository's `create`
 * (with its indexes, as the service writes them) until the store holds `total` tasks
 * counting `already`. No events: the bench measures reads of stored orders, not a relay
 * draining a million of them. Returns up to `sampleSize` task ids drawn evenly at random
 * (reservoir sampling) from all the stored ones, `sample` included.
 */
export async function bulkLoadOrders(
  dataDir: string,
  template: Task,
  already: { count: number; sample: string[] },
  total: number,
  sampleSize: number,
): Promise<string[]> {
  const store = openEmbeddedStore(join(dataDir, 'order-lifecycle'));
  const tasks = new EmbeddedTaskRepository(store);
  const sample = [...already.sample];
  let seen = already.count;
  try {
    while (seen < total) {
      const writes: Promise<unknown>[] = [];
      for (const end = Math.min(total, seen + BATCH); seen < end;) {
        seen += 1;
        const task: Task = {
          ...template,
          id: newTaskId(),
          shipmentId: newShipmentId(),
          orderId: `ORD-BULK-${seen}`,
          fulfillmentId: `FUL-BULK-${seen}`,
          trackingToken: newTrackingToken(),
        };
        writes.push(tasks.create(task, []));
        if (sample.length < sampleSize) sample.push(task.id);
        else {
          const slot = Math.floor(Math.random() * seen);
          if (slot < sampleSize) sample[slot] = task.id;
        }
      }
      await Promise.all(writes);
    }
    return sample;
  } finally {
    await store.close();
  }
}
