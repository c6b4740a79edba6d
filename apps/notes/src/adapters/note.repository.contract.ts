import { describeNoteRoundTrips } from './note.round-trip.contract';
import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@delivery/contracts';
import type { StoredNote } from '../domain/note';
import type { NoteRepository } from '../ports/note.repository';

export function describeNoteRepositoryContract(name: string, make: () => Promise<NoteRepository>, release?: () => Promise<void>) {
  describe(`NoteRepository contract: ${name}`, () => {
    let notes: NoteRepository;
    const unique = () => randomBytes(6).toString('hex');
    const note = (overrides: Partial<StoredNote>): StoredNote => ({
      id: `note_${unique()}`,
      accountId: 'acc',
      clientId: 'cli_1',
      taskId: 'tsk_1',
      wayPointId: 'wp_1',
      type: 0,
      text: 'Leave at the <b>door</b>',
      rows: null,
      url: null,
      createdAt: 1_795_000_000_000,
      ...overrides,
    });
    const added = (n: StoredNote): EventEnvelope => ({
      id: `evt_${unique()}`,
      type: 'NoteAdded',
      version: 1,
      occurredAt: new Date(n.createdAt).toISOString(),
      accountId: n.accountId,
      correlationId: 'c',
      causationId: null,
      subject: n.taskId,
      data: {},
    });

    beforeAll(async () => {
      notes = await make();
    });
    afterAll(async () => {
      await notes.close();
      await release?.();
    });
    beforeEach(async () => notes.outbox.markPublished((await notes.outbox.pending(10_000)).map((e) => e.id)));

    describeNoteRoundTrips(() => notes);

    it("lists a task's notes, or one way point's, oldest first, stored exactly as given", async () => {
      const [accountId, taskId] = [`acc_${unique()}`, `tsk_${unique()}`];
      const later = note({ accountId, taskId, wayPointId: 'wp_drop', createdAt: 2_000 });
      const table = note({
        accountId,
        taskId,
        wayPointId: 'wp_pick',
        createdAt: 1_000,
        type: 1,
        text: null,
        rows: [
          ['Item', 'Qty'],
          ['Shoes', 2],
          [null, true],
        ],
      });
      const html = note({ accountId, taskId, wayPointId: 'wp_drop', createdAt: 1_500, type: 2, url: 'https://example.com' });
      for (const n of [later, table, html]) await notes.add(n, [added(n)]);
      expect((await notes.list(accountId, taskId, null)).map((n) => n.id)).toEqual([table.id, html.id, later.id]);
      expect(await notes.list(accountId, taskId, 'wp_drop')).toEqual([html, later]);
      expect(await notes.list(accountId, taskId, 'wp_pick')).toEqual([table]);
    });

    it("never lists another account's or task's notes", async () => {
      const n = note({ accountId: `acc_${unique()}`, taskId: `tsk_${unique()}` });
      await notes.add(n, []);
      expect(await notes.list(`acc_${unique()}`, n.taskId, null)).toEqual([]);
      expect(await notes.list(n.accountId, `tsk_${unique()}`, null)).toEqual([]);
    });

    it('keeps the NoteAdded event in the outbox until published', async () => {
      const n = note({ taskId: `tsk_${unique()}` });
      await notes.add(n, [added(n)]);
      const pending = await notes.outbox.pending(100);
      expect(pending.map((e) => [e.topic, e.key])).toEqual([['delivery.notes.v1', n.taskId]]);
      await notes.outbox.markPublished(pending.map((e) => e.id));
      expect(await notes.outbox.pending(100)).toEqual([]);
    });
  });
}
