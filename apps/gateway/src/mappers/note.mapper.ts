import type { Note, NoteView } from '@delivery/contracts';
import { cellsToRows, noteTypeName, noteTypeOf, rowsToCells, type AddNoteRequestInput, type NoteRecordMessage } from '@delivery/rpc';

/** A validated note body as the notes service reads it. */
export function toAddNoteRequest(
  note: Note,
  target: { accountId: string; clientId: string; correlationId: string; taskId: string; wayPointId: string },
): AddNoteRequestInput {
  return {
    ...target,
    type: noteTypeName(note.type),
    text: typeof note.note === 'string' ? note.note : undefined,
    rows: Array.isArray(note.note) ? cellsToRows(note.note) : [],
    url: note.type === 2 ? (note.url ?? undefined) : undefined,
  };
}

/** A stored note as we answer it: `timestamp` is epoch milliseconds as text, like the spec's notes. */
export function toNoteView(record: NoteRecordMessage): NoteView {
  const type = noteTypeOf(record.type);
  const cells = rowsToCells(record.rows);
  return {
    id: record.id,
    task_id: record.taskId,
    way_point_id: record.wayPointId,
    type,
    note: type === 1 ? cells : (record.text ?? ''),
    url: record.url ?? null,
    timestamp: record.createdAtMs,
    created_at: new Date(Number(record.createdAtMs)).toISOString(),
    client_id: record.clientId,
  };
}
