import { describeSkippedMongoSuite, mongoDatabaseForSuite } from '@delivery/testing/mongo';
import { MongoQuoteRepository } from './quote.mongo-repository';
import { describeQuoteRepositoryContract } from './quote.repository.contract';

const database = mongoDatabaseForSuite('quote/quotes-mongo');

if (database) {
  describeQuoteRepositoryContract('mongo', () => MongoQuoteRepository.connect(database.url), database.drop);
} else {
  describeSkippedMongoSuite('QuoteRepository contract: mongo');
}
