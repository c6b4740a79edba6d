import { describeSkippedMongoSuite, mongoDatabaseForSuite } from '@delivery/testing/mongo';
import { MongoNoteRepository } from './note.mongo-repository';
import { describeNoteRepositoryContract } from './note.repository.contract';

const database = mongoDatabaseForSuite('notes/notes-mongo');

if (database) {
  describeNoteRepositoryContract('mongo', () => MongoNoteRepository.connect(database.url), database.drop);
} else {
  describeSkippedMongoSuite('NoteRepository contract: mongo');
}
