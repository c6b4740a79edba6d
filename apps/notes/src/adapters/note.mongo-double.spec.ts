import { MongoDouble } from '@delivery/testing/mongo';
import { MongoNoteRepository } from './note.mongo-repository';
import { describeNoteRepositoryContract } from './note.repository.contract';

// The MongoDB adapter's own models and mapping over a stand-in for the server (README, "MongoDB without a server").
describeNoteRepositoryContract('mongo over the double', () => MongoNoteRepository.open(new MongoDouble().connection()));
