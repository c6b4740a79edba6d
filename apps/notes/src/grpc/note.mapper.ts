import type { NoteType } from '@delivery/contracts';
import { cellsToRows, type NoteRecordInput } from '@delivery/rpc';
import type { StoredNote } from '../domain/note';

const TYPE_NAME = ['TEXT', 'TABLE', 'HTML'] as const;
export const noteTypeName = (type: NoteType) => TYPE_NAME[type];
export const noteTypeOf = (name: string): NoteType => Math.max(0, TYPE_NAME.indexOf(name as (typeof TYPE_NAME)[number])) as NoteType;

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
