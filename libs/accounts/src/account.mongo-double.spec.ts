import { MongoDouble } from '@delivery/testing/mongo';
import { MongoAccountRepository } from './account.mongo-repository';
import { describeAccountRepositoryContract } from './account.repository.contract';

// The MongoDB adapter's own models and mapping over a stand-in for the server (README, "MongoDB without a server").
describeAccountRepositoryContract('mongo over the double', () => MongoAccountRepository.open(new MongoDouble().connection()));
