import { TOPICS, type EventEnvelope } from '@delivery/contracts';
import { type EmbeddedStore, type EmbeddedTable, openRecordTable } from '@delivery/embedded-store';
import { EmbeddedOutbox } from '@delivery/outbox/embedded';
import type { StoredNote } from '../domain/note';
import type { NoteRepository } from '../ports/note.repository';

type NoteKey = [accountId: string, taskId: string, wayPointId: string, createdAt: number, noteId: string];

/** Notes on the embedded LMDB store, keyed so one task's (or way point's) notes are one ordered range. */
export class EmbeddedNoteRepository implements NoteRepository {
  private readonly notes: EmbeddedTable<StoredNote, NoteKey>;
  readonly outbox: EmbeddedOutbox;

  constructor(store: EmbeddedStore) {
    this.notes = openRecordTable<StoredNote, NoteKey>(store, 'notes');
    this.outbox = new EmbeddedOutbox(store, TOPICS.notes);
  }

  async add(note: StoredNote, events: readonly EventEnvelope[]): Promise<void> {
    await this.notes.transaction(() => {
      this.notes.put([note.accountId, note.taskId, note.wayPointId, note.createdAt, note.id], note);
      this.outbox.append(events);
    });
  }

  async list(accountId: string, taskId: string, wayPointId: string | null): Promise<StoredNote[]> {
    const prefix = wayPointId === null ? [accountId, taskId] : [accountId, taskId, wayPointId];
    const notes = [...this.notes.getRange({ start: prefix, end: [...prefix, '\uffff'] })].map((entry) => entry.value);
    return notes.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  async close(): Promise<void> {}
}
