import * as grpc from '@grpc/grpc-js';
import type { Clock } from '@delivery/clock';
import type { EventBus } from '@delivery/event-bus';
import { OutboxRelay } from '@delivery/outbox';
import { bindServer, loadNotesProto, observedService, shutdownServer, unaryHandler, type NotesHandlers } from '@delivery/rpc';
import { addNoteHandler, listNotesHandler } from './grpc/notes.handlers';
import type { NoteRepository } from './ports/note.repository';
import type { TaskDirectory } from './ports/task-directory';
import { outboxObserver, rpcObserverOf, type Observability } from '@delivery/observability';

export interface NotesPorts {
  notes: NoteRepository;
  tasks: TaskDirectory;
  bus: EventBus;
  clock: Clock;
}

/** Composition root: the Notes gRPC server and the relay of NoteAdded events. */
export async function startNotesService(
  ports: NotesPorts,
  options: { grpcAddress: string; logger?: Pick<Console, 'error'>; observability?: Observability },
) {
  const logger = options.logger ?? console;
  const relay = new OutboxRelay(ports.notes.outbox, ports.bus, {
    observe: options.observability && outboxObserver(options.observability.metrics, 'notes'),
    onError: (error) => logger.error('notes outbox relay: bus unavailable, will retry:', error instanceof Error ? error.message : error),
  });
  const deps = { ...ports, eventsCommitted: () => relay.notify() };
  const server = new grpc.Server();
  const handlers: NotesHandlers = {
    AddNote: unaryHandler(addNoteHandler(deps), logger),
    ListNotes: unaryHandler(listNotesHandler(deps), logger),
  };
  server.addService(loadNotesProto().delivery.v1.Notes.service, observedService(handlers, rpcObserverOf(options.observability)));
  const port = await bindServer(server, options.grpcAddress);
  relay.start();
  return {
    port,
    relay,
    stop: async () => {
      await shutdownServer(server);
      await relay.stop();
    },
  };
}
