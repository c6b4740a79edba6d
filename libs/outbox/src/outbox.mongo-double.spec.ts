import { MongoDouble } from '@delivery/testing';
import { toOutboxEntry } from './outbox';
import { describeOutboxContract } from './outbox.contract';
import { MongoDocumentOutbox } from './mongo-document-outbox';

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
