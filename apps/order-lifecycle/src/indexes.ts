import { createDeclaredIndexes } from '@delivery/config';
import { MongoTaskRepository } from './adapters/task.mongo-repository';

/** `npm run db:indexes`: order-lifecycle's MongoDB indexes, made ahead of a rollout. */
void createDeclaredIndexes('order-lifecycle', { tasks: (url) => MongoTaskRepository.connect(url) }).then((code) => process.exit(code));
