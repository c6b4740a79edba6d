import { DomainError } from '@delivery/contracts';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedTaskRepository } from '../adapters/task.embedded-repository';
import { aTask } from '../testing/task.fixture';
import { newShipmentId, newTaskId } from './ids';
import { listTasks } from './list-tasks';

describe('listTasks', () => {
  const dir = tempDataDir('list-tasks-');
  const store = openEmbeddedStore(dir.path);
  const tasks = new EmbeddedTaskRepository(store);
  const deps = { tasks };
  const made = (overrides: Parameters<typeof aTask>[0]) =>
    aTask({ id: newTaskId(), shipmentId: newShipmentId(), accountId: 'acc_list', ...overrides });

  const first = made({ fulfillmentId: 'FUL-1', orderId: 'ORD-1', createdAt: '2026-11-22T09:00:00.000Z' });
  const second = made({ fulfillmentId: 'FUL-2', orderId: 'ORD-1', createdAt: '2026-11-22T09:05:00.000Z' });
  const third = made({ fulfillmentId: 'FUL-3', orderId: 'ORD-3', createdAt: '2026-11-22T09:10:00.000Z' });

  beforeAll(async () => {
    for (const task of [first, second, third]) await tasks.create(task, []);
  });
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  const ids = (answer: { tasks: { id: string }[] }) => answer.tasks.map((t) => t.id);

  it.each([
    ['a task id', () => first.id, () => [first.id]],
    ['a shipment id', () => third.shipmentId, () => [third.id]],
    ['a fulfillment id', () => 'FUL-2', () => [second.id]],
    ['an order id, newest first', () => ' ORD-1 ', () => [second.id, first.id]],
    ['an id of nothing', () => 'FUL-404', () => []],
  ])('finds the tasks %s names, ignoring the filters', async (_name, query, expected) => {
    const answer = await listTasks('acc_list', { query: query(), filter: { status: 'delivered' }, limit: 10 }, deps);
    expect(ids(answer)).toEqual(expected());
    expect(answer.nextCursor).toBeNull();
  });

  it("pages through the account's tasks with the cursor it gives, and finds none of another account's", async () => {
    const page = await listTasks('acc_list', { filter: {}, limit: 2 }, deps);
    expect(ids(page)).toEqual([third.id, second.id]);
    const next = await listTasks('acc_list', { filter: {}, cursor: page.nextCursor!, limit: 2 }, deps);
    expect(ids(next)).toEqual([first.id]);
    expect(ids(await listTasks('acc_other', { query: first.id, filter: {}, limit: 2 }, deps))).toEqual([]);
  });

  it('refuses a cursor it did not give', async () => {
    await expect(listTasks('acc_list', { filter: {}, cursor: 'not-a-cursor', limit: 2 }, deps)).rejects.toThrow(DomainError);
    await expect(listTasks('acc_list', { filter: {}, cursor: 'not-a-cursor', limit: 2 }, deps)).rejects.toThrow(/cursor/);
  });
});
