import { MongoAccountRepository } from '@delivery/accounts/mongo';
import { MongoDouble } from '@delivery/testing/mongo';
import { aTask } from '../testing/task.fixture';
import { MongoTaskRepository } from './task.mongo-repository';

// The process's stores share one connection, one pool (main.ts): their models live side by side, and each closes it.
describe('the task and account stores on one MongoDB connection', () => {
  it('both read and write through it, and closing both closes it once', async () => {
    const connection = new MongoDouble().connection();
    const [tasks, accounts] = await Promise.all([MongoTaskRepository.open(connection), MongoAccountRepository.open(connection)]);
    const task = aTask();
    expect(await tasks.create(task, [])).toEqual({ created: true });
    expect(await accounts.createAccount({ id: task.accountId, name: 'Retailer', createdAt: '2026-11-27T10:00:00.000Z' })).toBe(true);
    expect((await tasks.findById(task.accountId, task.id))?.id).toBe(task.id);
    expect((await accounts.getAccount(task.accountId))?.name).toBe('Retailer');
    await Promise.all([tasks.close(), accounts.close()]);
    await expect(tasks.close()).resolves.toBeUndefined();
  });
});
