import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { WEBHOOK_EVENT_TYPES } from '@delivery/contracts';
import type { DeliveryAttempt, NewDelivery } from './delivery';
import type { DeliveryRepository } from './delivery.repository';

const text = fc.string({ maxLength: 60 });
const time = fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString());

const delivery = fc.record<Omit<NewDelivery, 'id' | 'accountId' | 'endpointId' | 'taskId' | 'removeAt'>>(
  {
    eventId: text,
    eventType: fc.constantFrom(...WEBHOOK_EVENT_TYPES),
    body: fc.json({ maxDepth: 2 }),
    createdAt: time,
    dueAt: fc.integer({ min: 1_577_836_800_000, max: 2_208_988_800_000 }),
    // Absent when its event came untraced.
    trace: fc.tuple(fc.stringMatching(/^[0-9a-f]{32}$/), fc.stringMatching(/^[0-9a-f]{16}$/)).map(([t, s]) => `00-${t}-${s}-01`),
  },
  { requiredKeys: ['eventId', 'eventType', 'body', 'createdAt', 'dueAt'] },
);

const attempt = fc.record<DeliveryAttempt>({
  at: time,
  latencyMs: fc.integer({ min: 0, max: 60_000 }),
  statusCode: fc.option(fc.integer({ min: 100, max: 599 }), { nil: null }),
  error: fc.option(text, { nil: null }),
});

/** Arbitrary deliveries stored, leased and tried through a repository, read back whole (for MongoDB: what its schema or BSON would change). */
export function describeDeliveryRoundTrips(getDeliveries: () => DeliveryRepository) {
  it('keeps every field of arbitrary deliveries and their tries', async () => {
    await fc.assert(
      fc.asyncProperty(delivery, attempt, async (generated, tried) => {
        const deliveries = getDeliveries();
        const run = randomBytes(6).toString('hex');
        const added: NewDelivery = {
          ...generated,
          id: `del_${run}`,
          accountId: `acc_${run}`,
          endpointId: `whe_${run}`,
          taskId: `tsk_${run}`,
        };
        const token = `lease_${run}`;
        const { leased } = await deliveries.addAll([added], { token, now: added.dueAt, until: added.dueAt + 1_000, limit: 1 });
        expect(leased.map((d) => d.id)).toEqual([added.id]);
        expect(await deliveries.get(added.id)).toMatchObject({
          ...added,
          dueAt: added.dueAt + 1_000,
          status: 'pending',
          leaseToken: token,
          triesInRound: 0,
          attempts: [],
        });

        expect(
          await deliveries.recordAttempts([
            { id: added.id, endpointId: added.endpointId, taskId: added.taskId, token, attempt: tried, next: { status: 'failed' } },
          ]),
        ).toEqual([true]);
        const stored = await deliveries.get(added.id);
        expect(stored).toMatchObject({ ...added, dueAt: expect.any(Number), status: 'failed', attempts: [tried] });
        expect(Object.keys(stored!.attempts[0]!).sort()).toEqual(Object.keys(tried).sort());
      }),
      { numRuns: 40 },
    );
  });
}
