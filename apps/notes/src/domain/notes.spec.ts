import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedNoteRepository } from '../adapters/note.embedded-repository';
import type { StoredNote } from './note';
import { listNotes, notesOfTask } from './notes';

const note = (overrides: Partial<StoredNote>): StoredNote => ({
  id: 'note_1',
  accountId: 'acc_a',
  clientId: 'cli_a',
  taskId: 'tsk_1',
  wayPointId: 'wp_1',
  type: 0,
  text: 'Ring twice',
  rows: null,
  url: null,
  createdAt: 1_795_000_000_000,
  ...overrides,
});

describe('notesOfTask', () => {
  const dir = tempDataDir('notes-of-task-');
  const store = openEmbeddedStore(dir.path);
  const notes = new EmbeddedNoteRepository(store);
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  it("lists the account's notes on the task without reading the task, and none of another account's", async () => {
    await notes.add(note({ id: 'note_1' }), []);
    await notes.add(note({ id: 'note_2', wayPointId: 'wp_2' }), []);
    await notes.add(note({ id: 'note_3', taskId: 'tsk_2' }), []);
    const unreachable = { find: () => Promise.reject(new Error('notesOfTask must not read the task')) };

    expect((await notesOfTask({ accountId: 'acc_a', taskId: 'tsk_1' }, { notes })).map((n) => n.id)).toEqual(['note_1', 'note_2']);
    expect(await notesOfTask({ accountId: 'acc_b', taskId: 'tsk_1' }, { notes })).toEqual([]);
    // The checked listing still asks for the task, so an unknown one is an error there.
    await expect(listNotes({ accountId: 'acc_a', taskId: 'tsk_1', wayPointId: null }, { notes, tasks: unreachable })).rejects.toThrow(
      'must not read the task',
    );
  });
});
