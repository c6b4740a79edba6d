import { join } from 'node:path';
import { systemClock } from '@delivery/clock';
import { loadConfig, runProcess } from '@delivery/config';
import { openEmbeddedStore, type EmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedEventBus, KafkaEventBus } from '@delivery/event-bus';
import { EmbeddedNoteRepository } from './adapters/note.embedded-repository';
import { MongoNoteRepository } from './adapters/note.mongo-repository';
import { TaskDirectoryGrpcClient } from './adapters/task-directory.grpc-client';
import { notesConfigSchema } from './config';
import { startNotesService } from './start';

runProcess('notes', async () => {
  const config = loadConfig(notesConfigSchema);
  let store: EmbeddedStore | undefined;
  const local = () => (store ??= openEmbeddedStore(join(config.DATA_DIR, 'notes')));
  const notes = config.MONGO_URL ? await MongoNoteRepository.connect(config.MONGO_URL) : new EmbeddedNoteRepository(local());
  const bus = config.KAFKA_BROKERS?.length
    ? new KafkaEventBus({ brokers: config.KAFKA_BROKERS, clientId: 'notes' })
    : new EmbeddedEventBus(local());
  const tasks = new TaskDirectoryGrpcClient(config.ORDER_LIFECYCLE_ADDRESS, config.GRPC_DEADLINE_MS);
  const running = await startNotesService({ notes, tasks, bus, clock: systemClock }, { grpcAddress: config.NOTES_GRPC_ADDRESS });
  console.log(`notes listening for gRPC on port ${running.port}`);
  return {
    stop: async () => {
      await running.stop();
      tasks.close();
      await Promise.all([notes.close(), bus.close()]);
    },
  };
});
