import { MongoDouble } from '@delivery/testing/mongo';
import { MongoOptOutRepository } from './opt-out.mongo-repository';
import { describeOptOutRepositoryContract } from './opt-out.repository.contract';

// The MongoDB adapter's own models and mapping over a stand-in for the server (README, "MongoDB without a server").
describeOptOutRepositoryContract('mongo over the double', () => MongoOptOutRepository.open(new MongoDouble().connection()));
