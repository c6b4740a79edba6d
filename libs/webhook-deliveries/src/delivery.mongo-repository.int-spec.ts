import { describeSkippedMongoSuite, mongoDatabaseForSuite } from '@delivery/testing/mongo';
import { MongoDeliveryRepository } from './delivery.mongo-repository';
import { describeDeliveryRepositoryContract } from './delivery.repository.contract';

const database = mongoDatabaseForSuite('webhook-deliveries/mongo');

if (database) {
  describeDeliveryRepositoryContract('mongo', () => MongoDeliveryRepository.connect(database.url), database.drop);
} else {
  describeSkippedMongoSuite('DeliveryRepository contract: mongo');
}
