import { cellsToRows, noteTypeName, type NoteRecordInput } from '@delivery/rpc';
import type { StoredNote } from '../domain/note';

export function noteToRecord(note: StoredNote): NoteRecordInput {
  return {
    id: note.id,
    taskId: note.taskId,
    wayPointId: note.wayPointId,
    type: noteTypeName(note.type),
    text: note.text ?? undefined,
    rows: note.rows ? cellsToRows(note.rows) : [],
    url: note.url ?? undefined,
    createdAtMs: String(note.createdAt),
    clientId: note.clientId,
  };
}
