import { openMongoConnection } from '@delivery/config/mongo';
import { createDeclaredIndexes } from '@delivery/config';
import { MongoMessageRepository } from './adapters/message.mongo-repository';
import { MongoOptOutRepository } from './adapters/opt-out.mongo-repository';

/** `npm run db:indexes`: the notifier's MongoDB indexes (messages, opt-outs), made ahead of a rollout. */
void createDeclaredIndexes('notifier', {
  messages: (url) => MongoMessageRepository.connect(url),
  'opt-outs': async (url) => MongoOptOutRepository.open(await openMongoConnection(url)),
}).then((code) => process.exit(code));
