import { MongoDouble } from '@delivery/testing/mongo';
import { indexServes, type IndexKey } from '@delivery/config';
import { DELIVERY_QUERIES, MongoDeliveryRepository } from './delivery.mongo-repository';
import { describeDeliveryRepositoryContract } from './delivery.repository.contract';

// The MongoDB adapter's own models and mapping over a stand-in for the server (README, "MongoDB without a server").
describeDeliveryRepositoryContract('mongo over the double', () => MongoDeliveryRepository.open(new MongoDouble().connection()));

describe("the webhook deliveries' hot queries", () => {
  it.each(Object.values(DELIVERY_QUERIES))(
    '$name is served by a declared index: equality, sort with its tie-break, range',
    async (query) => {
      const connection = new MongoDouble().connection();
      await MongoDeliveryRepository.open(connection);
      const declared = connection
        .model('WebhookDelivery')
        .schema.indexes()
        .map(([key]) => key as IndexKey);
      expect(declared.some((index) => indexServes(index, query))).toBe(true);
    },
  );
});

describe("the webhook deliveries' round trips", () => {
  it('stores, leases and records a consumed batch in at most two calls to the server a delivery', async () => {
    const double = new MongoDouble();
    const deliveries = await MongoDeliveryRepository.open(double.connection());
    const now = Date.parse('2026-11-27T09:00:00.000Z');
    const batch = Array.from({ length: 10 }, (_, i) => ({
      id: `msg_${i}`,
      accountId: 'acc',
      endpointId: 'whe_1',
      taskId: `tsk_${i}`,
      eventId: `evt_${i}`,
      eventType: 'order.created' as const,
      body: '{}',
      createdAt: new Date(now).toISOString(),
      dueAt: now,
    }));
    const before = double.roundTrips.count;
    const { leased } = await deliveries.addAll(batch, { token: 'lease', now, until: now + 30_000, limit: 10 });
    expect(leased).toHaveLength(10);
    const attempt = { at: new Date(now + 100).toISOString(), latencyMs: 100, statusCode: 200, error: null };
    const recorded = await deliveries.recordAttempts(
      leased.map(({ id, endpointId, taskId }) => ({
        id,
        endpointId,
        taskId,
        token: 'lease',
        attempt,
        next: { status: 'delivered' as const },
      })),
    );
    expect(recorded).toEqual(leased.map(() => true));
    expect(double.roundTrips.count - before).toBeLessThanOrEqual(2 * batch.length);
  });
});
