import { MongoDouble } from '@delivery/testing';
import { MongoTaskRepository } from './task.mongo-repository';
import { describeTaskRepositoryContract } from './task.repository.contract';

// The MongoDB adapter's own models and mapping over a stand-in for the server (README, "MongoDB without a server").
describeTaskRepositoryContract('mongo over the double', () => MongoTaskRepository.open(new MongoDouble().connection()));
