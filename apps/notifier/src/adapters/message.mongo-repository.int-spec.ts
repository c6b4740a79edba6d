import { describeSkippedMongoSuite, mongoDatabaseForSuite } from '@delivery/testing/mongo';
import { MongoMessageRepository } from './message.mongo-repository';
import { describeMessageRepositoryContract } from './message.repository.contract';

const database = mongoDatabaseForSuite('notifier/messages-mongo');

if (database) {
  describeMessageRepositoryContract('mongo', () => MongoMessageRepository.connect(database.url), database.drop);
} else {
  describeSkippedMongoSuite('MessageRepository contract: mongo');
}
