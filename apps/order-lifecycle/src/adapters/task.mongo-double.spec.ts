import { MongoDouble } from '@delivery/testing/mongo';
import { indexServes, type IndexKey } from '@delivery/config';
import { MongoTaskRepository, TASK_QUERIES } from './task.mongo-repository';
import { describeTaskRepositoryContract } from './task.repository.contract';

// The MongoDB adapter's own models and mapping over a stand-in for the server (README, "MongoDB without a server").
describeTaskRepositoryContract('mongo over the double', () => MongoTaskRepository.open(new MongoDouble().connection()));

describe("the task store's hot queries", () => {
  it.each(Object.values(TASK_QUERIES))('$name is served by a declared index: equality, sort with its tie-break, range', async (query) => {
    const connection = new MongoDouble().connection();
    await MongoTaskRepository.open(connection);
    const declared = connection
      .model('Task')
      .schema.indexes()
      .map(([key]) => key as IndexKey);
    expect(declared.some((index) => indexServes(index, query))).toBe(true);
  });
});
