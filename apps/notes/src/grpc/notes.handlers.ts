import {
  noteTypeOf,
  rowsToCells,
  type AddNoteRequestMessage,
  type ListNotesOfTaskRequestMessage,
  type ListNotesRequestMessage,
} from '@delivery/rpc';
import { addNote, listNotes, notesOfTask, type NotesDeps } from '../domain/notes';
import { noteToRecord } from './note.mapper';

export const addNoteHandler = (deps: NotesDeps) => async (request: AddNoteRequestMessage) => {
  const type = noteTypeOf(request.type);
  const note = await addNote(
    {
      accountId: request.accountId,
      clientId: request.clientId,
      correlationId: request.correlationId,
      taskId: request.taskId,
      wayPointId: request.wayPointId,
      type,
      text: request.text ?? null,
      rows: type === 1 ? rowsToCells(request.rows) : null,
      url: request.url ?? null,
    },
    deps,
  );
  return noteToRecord(note);
};

export const listNotesHandler = (deps: NotesDeps) => async (request: ListNotesRequestMessage) => {
  const notes = await listNotes({ accountId: request.accountId, taskId: request.taskId, wayPointId: request.wayPointId || null }, deps);
  return { notes: notes.map(noteToRecord) };
};

export const listNotesOfTaskHandler = (deps: NotesDeps) => async (request: ListNotesOfTaskRequestMessage) => {
  const notes = await notesOfTask({ accountId: request.accountId, taskId: request.taskId }, deps);
  return { notes: notes.map(noteToRecord) };
};
