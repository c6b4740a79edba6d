import mongoose from 'mongoose';
import { describeSkippedMongoSuite, mongoDatabaseForSuite } from '@delivery/testing/mongo';
import { MongoDocumentOutbox, OUTBOX_PENDING_INDEX, OUTBOX_READ } from './mongo-document-outbox';

const database = mongoDatabaseForSuite('outbox/read-plan');

if (database) {
  describe("the outbox read on a MongoDB server's own planner", () => {
    let connection: mongoose.Connection;
    beforeAll(async () => {
      connection = await mongoose.createConnection(database.url).asPromise();
    });
    afterAll(async () => {
      await connection.close();
      await database.drop();
    });

    it('scans only the pending documents, in order, with no sort stage, however many others the collection holds', async () => {
      const tasks = connection.collection('tasks');
      await tasks.createIndex(OUTBOX_PENDING_INDEX.key, OUTBOX_PENDING_INDEX.options);
      await tasks.insertMany(Array.from({ length: 500 }, (_, i) => ({ _id: `done-${i}` as never, status: 'delivered' })));
      await tasks.insertMany(
        Array.from({ length: 5 }, (_, i) => ({
          _id: `pending-${i}` as never,
          outbox: [{ id: `evt-${i}`, topic: 'orders', key: `pending-${i}`, value: '{}', occurredAt: `2026-11-27T09:0${i}:00.000Z` }],
        })),
      );
      const outbox = new MongoDocumentOutbox(tasks, connection.collection('outbox_leaders'));
      expect((await outbox.pending(100)).map((entry) => entry.id)).toEqual(['evt-0', 'evt-1', 'evt-2', 'evt-3', 'evt-4']);
      const plan = (await tasks.find(OUTBOX_READ.filter).sort(OUTBOX_READ.sort).limit(100).explain('executionStats')) as {
        queryPlanner: { winningPlan: unknown };
        executionStats: { totalDocsExamined: number };
      };
      const winning = JSON.stringify(plan.queryPlanner.winningPlan);
      expect(winning).toContain('"indexName":"outbox_pending"');
      expect(winning).not.toContain('"stage":"SORT"');
      expect(plan.executionStats.totalDocsExamined).toBe(5);
    });
  });
} else {
  describeSkippedMongoSuite("the outbox read on a MongoDB server's own planner");
}
