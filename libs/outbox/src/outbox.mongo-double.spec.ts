import { MongoDouble } from '@delivery/testing/mongo';
import { toOutboxEntry } from './outbox';
import { describeOutboxContract } from './outbox.contract';
import { MongoDocumentOutbox, OUTBOX_PENDING_INDEX, OUTBOX_READ } from './mongo-document-outbox';

// Two clients of one stand-in for the server (README, "MongoDB without a server").
describeOutboxContract('mongo over the double', async () => {
  const double = new MongoDouble();
  const [one, two] = [double.connection(), double.connection()];
  const outboxOf = (connection: typeof one) =>
    new MongoDocumentOutbox(connection.collection('tasks'), connection.collection('outbox_leaders'));
  return {
    first: outboxOf(one),
    second: outboxOf(two),
    // As the task store does: each task's events pushed onto its own document with its change.
    commit: async (events) => {
      for (const event of events) {
        await one
          .collection('tasks')
          .updateOne({ _id: event.subject } as never, { $push: { outbox: toOutboxEntry('orders', event) } } as never, { upsert: true });
      }
    },
    close: async () => {
      await Promise.all([one.close(), two.close()]);
    },
  };
});

describe('the MongoDB outbox read', () => {
  it('takes the pending documents by the filter its partial index holds, so the server plans it on that index', () => {
    expect(OUTBOX_PENDING_INDEX.options.partialFilterExpression).toBe(OUTBOX_READ.filter);
    // The index's leading keys are the read's sort, in order: the scan gives the order, with no sort stage.
    expect(Object.keys(OUTBOX_PENDING_INDEX.key).slice(0, 2)).toEqual(Object.keys(OUTBOX_READ.sort));
  });

  it('still reads an entry written before entries carried their time', async () => {
    const connection = new MongoDouble().connection();
    const outbox = new MongoDocumentOutbox(connection.collection('tasks'), connection.collection('outbox_leaders'));
    await connection
      .collection('tasks')
      .insertOne({ _id: 'old' as never, outbox: [{ id: 'evt-old', topic: 'orders', key: 'old', value: '{}' }] });
    await connection
      .collection('tasks')
      .updateOne(
        { _id: 'new' } as never,
        { $push: { outbox: { id: 'evt-new', topic: 'orders', key: 'new', value: '{}', occurredAt: '2026-11-27T09:00:00.000Z' } } } as never,
        { upsert: true },
      );
    expect((await outbox.pending(10)).map((entry) => entry.id)).toEqual(['evt-old', 'evt-new']);
    await connection.close();
  });
});
