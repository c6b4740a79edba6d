import { createDeclaredIndexes } from '@delivery/config';
import { MongoNoteRepository } from './adapters/note.mongo-repository';

/** `npm run db:indexes`: the notes service's MongoDB indexes, made ahead of a rollout. */
void createDeclaredIndexes('notes', { notes: (url) => MongoNoteRepository.connect(url) }).then((code) => process.exit(code));
