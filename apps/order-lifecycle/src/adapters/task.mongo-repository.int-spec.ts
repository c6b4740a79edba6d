import { describeSkippedMongoSuite, mongoDatabaseForSuite } from '@delivery/testing/mongo';
import { MongoTaskRepository } from './task.mongo-repository';
import { describeTaskRepositoryContract } from './task.repository.contract';

const database = mongoDatabaseForSuite('order-lifecycle/tasks-mongo');

if (database) {
  describeTaskRepositoryContract('mongo', () => MongoTaskRepository.connect(database.url), database.drop);
} else {
  describeSkippedMongoSuite('TaskRepository contract: mongo');
}
