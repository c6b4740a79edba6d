import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError, NOTE_TYPE, type NoteAddedEvent, type NoteType, type TableCell, type TaskSnapshot } from '@delivery/contracts';
import type { Clock } from '@delivery/clock';
import type { NoteRepository } from '../ports/note.repository';
import type { TaskDirectory } from '../ports/task-directory';
import type { StoredNote } from './note';
import { sanitizeNoteHtml } from './sanitize-note-html';

export interface AddNoteCommand {
  accountId: string;
  clientId: string;
  correlationId: string;
  taskId: string;
  wayPointId: string;
  type: NoteType;
  text: string | null;
  rows: TableCell[][] | null;
  url: string | null;
}

export interface NotesDeps {
  notes: NoteRepository;
  tasks: TaskDirectory;
  clock: Clock;
  eventsCommitted: () => void;
}

let sequence = 0;

/**
 * Note ids sort in the order notes were written: creation time, then a counter for notes
 * of the same millisecond, then randomness so ids from several instances never collide.
 */
function newNoteId(createdAt: number): string {
  sequence = (sequence + 1) % 0x10000;
  return `note_${createdAt.toString(16).padStart(12, '0')}${sequence.toString(16).padStart(4, '0')}${randomBytes(6).toString('hex')}`;
}

/** The task as the caller may see it: another account's task is not found, like an unknown one. */
async function taskOf(accountId: string, taskId: string, tasks: TaskDirectory) {
  const task = await tasks.find(accountId, taskId);
  if (!task) throw new DomainError('TASK_NOT_FOUND', `No task found for id ${taskId}`);
  return task;
}

function requireWayPoint(task: TaskSnapshot, wayPointId: string): void {
  if (!task.wayPoints.some((w) => w.id === wayPointId)) {
    throw new DomainError('WAY_POINT_NOT_FOUND', `Task ${task.taskId} has no way point ${wayPointId}`);
  }
}

/**
 * Adds a note to one way point of the caller's task. HTML is sanitized before it is
 * stored; text and table cells are stored as given (escaped wherever they are shown).
 */
export async function addNote(command: AddNoteCommand, deps: NotesDeps): Promise<StoredNote> {
  const task = await taskOf(command.accountId, command.taskId, deps.tasks);
  requireWayPoint(task, command.wayPointId);
  const createdAt = deps.clock.now().getTime();
  const note: StoredNote = {
    id: newNoteId(createdAt),
    accountId: command.accountId,
    clientId: command.clientId,
    taskId: task.taskId,
    wayPointId: command.wayPointId,
    type: command.type,
    text: command.type === NOTE_TYPE.html ? sanitizeNoteHtml(command.text ?? '') : command.text,
    rows: command.type === NOTE_TYPE.table ? command.rows : null,
    url: command.type === NOTE_TYPE.html ? command.url : null,
    createdAt,
  };
  const event: NoteAddedEvent = {
    id: randomUUID(),
    type: 'NoteAdded',
    version: 1,
    occurredAt: new Date(note.createdAt).toISOString(),
    accountId: note.accountId,
    correlationId: command.correlationId,
    causationId: null,
    subject: note.taskId,
    data: { noteId: note.id, taskId: note.taskId, wayPointId: note.wayPointId, type: note.type, clientId: note.clientId, task },
  };
  await deps.notes.add(note, [event]);
  deps.eventsCommitted();
  return note;
}

/**
 * The account's notes on a task, for a caller that has just read the task itself: no
 * second read of it. Notes are stored under their account, so another account's task id
 * finds none, as an unknown one does.
 */
export function notesOfTask(query: { accountId: string; taskId: string }, deps: Pick<NotesDeps, 'notes'>): Promise<StoredNote[]> {
  return deps.notes.list(query.accountId, query.taskId, null);
}

export async function listNotes(
  query: { accountId: string; taskId: string; wayPointId: string | null },
  deps: Pick<NotesDeps, 'notes' | 'tasks'>,
): Promise<StoredNote[]> {
  const task = await taskOf(query.accountId, query.taskId, deps.tasks);
  if (query.wayPointId !== null) requireWayPoint(task, query.wayPointId);
  return deps.notes.list(query.accountId, task.taskId, query.wayPointId);
}
