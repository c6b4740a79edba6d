import { openEmbeddedStore, openRecordTable } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { aTask } from '../testing/task.fixture';
import { EmbeddedTaskRepository } from './task.embedded-repository';
import { describeTaskRepositoryContract } from './task.repository.contract';

const dir = tempDataDir('tasks-');
const store = openEmbeddedStore(dir.path);

describeTaskRepositoryContract(
  'embedded',
  async () => new EmbeddedTaskRepository(store),
  async () => {
    await store.close();
    dir.remove();
  },
);

describe('EmbeddedTaskRepository durability', () => {
  it('keeps tasks and unpublished events across a reopen', async () => {
    const path = tempDataDir('tasks-reopen-');
    const first = openEmbeddedStore(path.path);
    const task = aTask();
    const event = {
      id: 'evt_1',
      type: 'OrderCreated',
      version: 1,
      occurredAt: task.createdAt,
      accountId: task.accountId,
      correlationId: 'c',
      causationId: null,
      subject: task.id,
      data: {},
    };
    await new EmbeddedTaskRepository(first).create(task, [event]);
    await first.close();

    const second = openEmbeddedStore(path.path);
    const reopened = new EmbeddedTaskRepository(second);
    expect(await reopened.findById(task.accountId, task.id)).toEqual({
      ...task,
      timeline: [{ event: 'OrderCreated', at: task.createdAt }],
    });
    expect((await reopened.outbox.pending(10)).map((e) => e.id)).toEqual(['evt_1']);
    await second.close();
    path.remove();
  });

  it('lists the tasks of a store made before the list existed, once its index is built on open', async () => {
    const path = tempDataDir('tasks-backfill-');
    const first = openEmbeddedStore(path.path);
    const task = aTask({ accountId: 'acc_old' });
    await new EmbeddedTaskRepository(first).create(task, []);
    // As an older version left it: no `created` entries, no mark that they were built.
    const index = first.openDB<string, (string | number)[]>({ name: 'task-index' });
    await index.remove(['created', task.accountId, task.createdAt, task.id]);
    await index.remove(['created-index-built']);
    await first.close();

    const second = openEmbeddedStore(path.path);
    const page = await new EmbeddedTaskRepository(second).listTasks('acc_old', {}, { cursor: null, limit: 10 });
    expect(page.tasks.map((t) => t.id)).toEqual([task.id]);
    await second.close();
    path.remove();
  });

  it('reads a task stored with its carried fields as an object, as an older version kept them, as one kept as JSON text', async () => {
    const path = tempDataDir('tasks-carried-');
    const store = openEmbeddedStore(path.path);
    const tasks = new EmbeddedTaskRepository(store);
    const { platformFieldsJson, ...task } = aTask();
    const platformFields = JSON.parse(platformFieldsJson!) as Record<string, unknown>;
    // As an older version wrote it: the same record, its carried fields an object.
    await openRecordTable(store, 'tasks').put(task.id, { ...task, platformFields });
    const read = (await tasks.findById(task.accountId, task.id))!;
    expect(read).toEqual({ ...task, platformFieldsJson });
    expect(read).not.toHaveProperty('platformFields');
    await store.close();
    path.remove();
  });
});
