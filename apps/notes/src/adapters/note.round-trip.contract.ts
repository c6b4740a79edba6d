import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { NOTE_TYPE } from '@delivery/contracts';
import type { StoredNote } from '../domain/note';
import type { NoteRepository } from '../ports/note.repository';

const text = fc.string({ maxLength: 40 });
const cell = fc.oneof(
  text,
  fc.integer({ min: -1e9, max: 1e9 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
  fc.boolean(),
  fc.constant(null),
);

const note = fc.record<Omit<StoredNote, 'id' | 'accountId' | 'taskId'>>({
  clientId: text,
  wayPointId: fc.stringMatching(/^wp_[0-9a-f]{8}$/),
  type: fc.constantFrom(...Object.values(NOTE_TYPE)),
  text: fc.option(text, { nil: null }),
  rows: fc.option(fc.array(fc.array(cell, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }), { nil: null }),
  url: fc.option(fc.webUrl(), { nil: null }),
  createdAt: fc.integer({ min: 1_577_836_800_000, max: 2_208_988_800_000 }),
});

/** Arbitrary notes written through a repository and listed back whole (for MongoDB: what its schema or BSON would change). */
export function describeNoteRoundTrips(getNotes: () => NoteRepository) {
  it('keeps every field of arbitrary notes', async () => {
    await fc.assert(
      fc.asyncProperty(note, async (generated) => {
        const run = randomBytes(6).toString('hex');
        const stored: StoredNote = { ...generated, id: `note_${run}`, accountId: `acc_${run}`, taskId: `tsk_${run}` };
        await getNotes().add(stored, []);
        expect(await getNotes().list(stored.accountId, stored.taskId, null)).toEqual([stored]);
      }),
      { numRuns: 40 },
    );
  });
}
