/** What the standalone composition root and the system tests use of notes: its one public entry point. */
export { startNotesService } from './start';
export { EmbeddedNoteRepository } from './adapters/note.embedded-repository';
export { TaskDirectoryGrpcClient } from './adapters/task-directory.grpc-client';
