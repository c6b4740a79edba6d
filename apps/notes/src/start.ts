import type { Clock } from '@delivery/clock';
import type { EventBus } from '@delivery/event-bus';
import { OutboxRelay } from '@delivery/outbox';
import { loadNotesProto, observedService, serveOn, unaryHandler, type NotesHandlers, type ServedService } from '@delivery/rpc';
import { addNoteHandler, listNotesHandler, listNotesOfTaskHandler } from './grpc/notes.handlers';
import type { NoteRepository } from './ports/note.repository';
import type { TaskDirectory } from './ports/task-directory';
import { outboxLeadObserver, outboxObserver, rpcObserverOf, type Observability } from '@delivery/observability';

export interface NotesPorts {
  notes: NoteRepository;
  tasks: TaskDirectory;
  bus: EventBus;
  clock: Clock;
}

/** Composition root: the Notes gRPC server and the relay of NoteAdded events. */
export async function startNotesService(
  ports: NotesPorts,
  options: { grpcAddress: string | null; logger?: Pick<Console, 'error'>; observability?: Observability },
) {
  const logger = options.logger ?? console;
  const relay = new OutboxRelay(ports.notes.outbox, ports.bus, {
    observe: options.observability && outboxObserver(options.observability.metrics, 'notes'),
    observeLead: options.observability && outboxLeadObserver(options.observability.metrics, 'notes'),
    onError: (error) => logger.error('notes outbox relay: bus unavailable, will retry:', error instanceof Error ? error.message : error),
  });
  const deps = { ...ports, eventsCommitted: () => relay.notify() };
  const handlers: NotesHandlers = {
    AddNote: unaryHandler(addNoteHandler(deps), logger),
    ListNotes: unaryHandler(listNotesHandler(deps), logger),
    ListNotesOfTask: unaryHandler(listNotesOfTaskHandler(deps), logger),
  };
  const service: ServedService = { implementation: observedService(handlers, rpcObserverOf(options.observability)) };
  const listening = await serveOn(options.grpcAddress, loadNotesProto().delivery.v1.Notes.service, service);
  relay.start();
  return {
    port: listening.port,
    service,
    relay,
    stop: async () => {
      await listening.stop();
      await relay.stop();
    },
  };
}
