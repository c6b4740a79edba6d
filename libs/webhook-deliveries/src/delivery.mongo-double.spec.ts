import { MongoDouble } from '@delivery/testing';
import { MongoDeliveryRepository } from './delivery.mongo-repository';
import { describeDeliveryRepositoryContract } from './delivery.repository.contract';

// The MongoDB adapter's own models and mapping over a stand-in for the server (README, "MongoDB without a server").
describeDeliveryRepositoryContract('mongo over the double', () => MongoDeliveryRepository.open(new MongoDouble().connection()));
