import { createDeclaredIndexes } from '@delivery/config';
import { MongoQuoteRepository } from './adapters/quote.mongo-repository';

/** `npm run db:indexes`: the quote service's MongoDB indexes (quotes, capacity windows), made ahead of a rollout. */
void createDeclaredIndexes('quote', { quotes: (url) => MongoQuoteRepository.connect(url) }).then((code) => process.exit(code));
