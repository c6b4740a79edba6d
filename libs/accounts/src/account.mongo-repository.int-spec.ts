import { describeSkippedMongoSuite, mongoDatabaseForSuite } from '@delivery/testing/mongo';
import { MongoAccountRepository } from './account.mongo-repository';
import { describeAccountRepositoryContract } from './account.repository.contract';

const database = mongoDatabaseForSuite('accounts/mongo');

if (database) {
  describeAccountRepositoryContract('mongo', () => MongoAccountRepository.connect(database.url), database.drop);
} else {
  describeSkippedMongoSuite('AccountRepository contract: mongo');
}
