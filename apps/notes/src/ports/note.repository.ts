import type { EventEnvelope } from '@delivery/contracts';
import type { OutboxStore } from '@delivery/outbox';
import type { StoredNote } from '../domain/note';

/** Notes and their outbox; a note and its NoteAdded event are stored together. */
export interface NoteRepository {
  /** The events of committed changes, waiting for the relay. */
  readonly outbox: OutboxStore;
  add(note: StoredNote, events: readonly EventEnvelope[]): Promise<void>;
  /** The account's notes on a task (or one of its way points), oldest first. */
  list(accountId: string, taskId: string, wayPointId: string | null): Promise<StoredNote[]>;
  close(): Promise<void>;
}
