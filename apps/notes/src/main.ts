import './tracing';
import { join } from 'node:path';
import { z } from 'zod';
import { systemClock } from '@delivery/clock';
import { loadConfig, opsConfigShape } from '@delivery/config';
import { openEmbeddedStore, type EmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedEventBus } from '@delivery/event-bus/embedded';
import { KafkaEventBus } from '@delivery/event-bus/kafka';
import { runApp } from '@delivery/observability';
import { EmbeddedNoteRepository } from './adapters/note.embedded-repository';
import { MongoNoteRepository } from './adapters/note.mongo-repository';
import { TaskDirectoryGrpcClient } from './adapters/task-directory.grpc-client';
import { notesConfigSchema } from './config';
import { startNotesService } from './start';

runApp('notes', loadConfig(z.object(opsConfigShape(9403))), async ({ log, logger, metrics }) => {
  const config = loadConfig(notesConfigSchema);
  let store: EmbeddedStore | undefined;
  const local = () => (store ??= openEmbeddedStore(join(config.DATA_DIR, 'notes')));
  const notes = config.MONGO_URL ? await MongoNoteRepository.connect(config.MONGO_URL) : new EmbeddedNoteRepository(local());
  const bus = config.KAFKA_BROKERS?.length
    ? new KafkaEventBus({ brokers: config.KAFKA_BROKERS, clientId: 'notes', idempotentProducer: config.KAFKA_IDEMPOTENT_PRODUCER })
    : new EmbeddedEventBus(local());
  const tasks = new TaskDirectoryGrpcClient({ address: config.ORDER_LIFECYCLE_ADDRESS }, config.GRPC_DEADLINE_MS);
  const running = await startNotesService(
    { notes, tasks, bus, clock: systemClock },
    { grpcAddress: config.NOTES_GRPC_ADDRESS, logger, observability: { metrics, log } },
  );
  log.info({ grpcPort: running.port }, `notes listening for gRPC on port ${running.port}`);
  return {
    checks: [{ name: 'note store', check: () => notes.list('readiness', 'readiness', null) }],
    dependencies: [
      { name: 'event bus', check: () => bus.reachable() },
      { name: 'order-lifecycle', check: () => tasks.reachable() },
    ],
    stop: async () => {
      await running.stop();
      tasks.close();
      await Promise.all([notes.close(), bus.close()]);
    },
  };
});
