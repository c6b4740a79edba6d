import { MongoDouble } from '@delivery/testing';
import { MongoQuoteRepository } from './quote.mongo-repository';
import { describeQuoteRepositoryContract } from './quote.repository.contract';

// The MongoDB adapter's own models and mapping over a stand-in for the server (README, "MongoDB without a server").
describeQuoteRepositoryContract('mongo over the double', () => MongoQuoteRepository.open(new MongoDouble().connection()));
