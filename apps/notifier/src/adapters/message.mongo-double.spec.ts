import { MongoDouble } from '@delivery/testing';
import { MongoMessageRepository } from './message.mongo-repository';
import { describeMessageRepositoryContract } from './message.repository.contract';

// The MongoDB adapter's own models and mapping over a stand-in for the server (README, "MongoDB without a server").
describeMessageRepositoryContract('mongo over the double', () => MongoMessageRepository.open(new MongoDouble().connection()));
