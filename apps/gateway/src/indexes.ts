import { MongoAccountRepository } from '@delivery/accounts/mongo';
import { createDeclaredIndexes } from '@delivery/config';

/** `npm run db:indexes`: the accounts' MongoDB indexes (apps, plans, fleets, webhooks, users), made ahead of a rollout. */
void createDeclaredIndexes('gateway', { accounts: (url) => MongoAccountRepository.connect(url) }).then((code) => process.exit(code));
