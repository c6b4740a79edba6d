import { MongoDouble } from '@delivery/testing';
import { indexServes, type IndexKey } from '@delivery/config';
import { DELIVERY_QUERIES, MongoDeliveryRepository } from './delivery.mongo-repository';
import { describeDeliveryRepositoryContract } from './delivery.repository.contract';

// The MongoDB adapter's own models and mapping over a stand-in for the server (README, "MongoDB without a server").
describeDeliveryRepositoryContract('mongo over the double', () => MongoDeliveryRepository.open(new MongoDouble().connection()));

describe("the webhook deliveries' hot queries", () => {
  it.each(Object.values(DELIVERY_QUERIES))(
    '$name is served by a declared index: equality, sort with its tie-break, range',
    async (query) => {
      const connection = new MongoDouble().connection();
      await MongoDeliveryRepository.open(connection);
      const declared = connection
        .model('WebhookDelivery')
        .schema.indexes()
        .map(([key]) => key as IndexKey);
      expect(declared.some((index) => indexServes(index, query))).toBe(true);
    },
  );
});
