import { openMongoConnection } from '@delivery/config/mongo';
import { describeSkippedMongoSuite, mongoDatabaseForSuite } from '@delivery/testing/mongo';
import { MongoOptOutRepository } from './opt-out.mongo-repository';
import { describeOptOutRepositoryContract } from './opt-out.repository.contract';

const database = mongoDatabaseForSuite('notifier/opt-outs-mongo');

if (database) {
  describeOptOutRepositoryContract('mongo', async () => MongoOptOutRepository.open(await openMongoConnection(database.url)), database.drop);
} else {
  describeSkippedMongoSuite('OptOutRepository contract: mongo');
}
