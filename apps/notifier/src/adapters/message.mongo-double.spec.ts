import { indexServes, type IndexKey } from '@delivery/config';
import { MongoDouble } from '@delivery/testing/mongo';
import { MESSAGE_QUERIES, MongoMessageRepository } from './message.mongo-repository';
import { describeMessageRepositoryContract } from './message.repository.contract';

// The MongoDB adapter's own models and mapping over a stand-in for the server (README, "MongoDB without a server").
describeMessageRepositoryContract('mongo over the double', () => MongoMessageRepository.open(new MongoDouble().connection()));

describe("the notifier's hot queries", () => {
  it.each(Object.values(MESSAGE_QUERIES))(
    '$name is served by a declared index: equality, sort with its tie-break, range',
    async (query) => {
      const connection = new MongoDouble().connection();
      await MongoMessageRepository.open(connection);
      const declared = connection
        .model('NotificationMessage')
        .schema.indexes()
        .map(([key]) => key as IndexKey);
      expect(declared.some((index) => indexServes(index, query))).toBe(true);
    },
  );
});
