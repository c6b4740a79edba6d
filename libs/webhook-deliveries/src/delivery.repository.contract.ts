import { describeDeliveryRoundTrips } from './delivery.round-trip.contract';
import { randomBytes } from 'node:crypto';
import type { DeliveryAttempt, NewDelivery, NextStep } from './delivery';
import { DELIVERY_RETENTION_MS, type DeliveryRepository } from './delivery.repository';

export function describeDeliveryRepositoryContract(name: string, make: () => Promise<DeliveryRepository>, release?: () => Promise<void>) {
  describe(`DeliveryRepository contract: ${name}`, () => {
    let deliveries: DeliveryRepository;
    const unique = () => randomBytes(6).toString('hex');
    const T0 = Date.parse('2026-11-22T10:00:00.000Z');
    const fresh = (overrides: Partial<NewDelivery> = {}): NewDelivery => ({
      id: `msg_${unique()}`,
      accountId: 'acc',
      endpointId: `whe_${unique()}`,
      eventId: `evt_${unique()}`,
      eventType: 'order.created',
      taskId: `tsk_${unique()}`,
      body: '{"type":"order.created"}',
      createdAt: new Date(T0).toISOString(),
      dueAt: T0,
      ...overrides,
    });
    const attempt = (at: number, statusCode: number | null): DeliveryAttempt => ({
      at: new Date(at).toISOString(),
      latencyMs: 5,
      statusCode,
      error: statusCode === 200 ? null : 'endpoint answered 503',
    });
    const record = async (
      { id, endpointId, taskId }: Pick<NewDelivery, 'id' | 'endpointId' | 'taskId'>,
      token: string,
      attempt: DeliveryAttempt,
      next: NextStep,
    ) => (await deliveries.recordAttempts([{ id, endpointId, taskId, token, attempt, next }]))[0];
    const keysOf = ({ id, endpointId, taskId }: Pick<NewDelivery, 'id' | 'endpointId' | 'taskId'>) => ({ id, endpointId, taskId });
    const claimIds = async (now: number, token = unique(), limit = 100) =>
      (await deliveries.claimDue(now, limit, token, now + 30_000)).map((d) => d.id);

    beforeAll(async () => {
      deliveries = await make();
    });
    afterAll(async () => {
      await deliveries.close();
      await release?.();
    });

    describeDeliveryRoundTrips(() => deliveries);

    it('stores a delivery once, however often its event is taken', async () => {
      const one = fresh();
      expect(await deliveries.addAll([one])).toEqual({ added: 1, leased: [] });
      expect(await deliveries.addAll([one, one])).toEqual({ added: 0, leased: [] });
      expect(await deliveries.get(one.id)).toMatchObject({ ...one, status: 'pending', attempts: [], triesInRound: 0, leaseToken: null });
    });

    it('leases a due delivery to one claimer until its lease runs out', async () => {
      const endpointId = `whe_${unique()}`;
      const one = fresh({ endpointId });
      await deliveries.addAll([one]);
      const [first, second] = await Promise.all([claimIds(T0 + 1), claimIds(T0 + 1)]);
      expect([...first!, ...second!].filter((id) => id === one.id)).toHaveLength(1);
      expect(await claimIds(T0 + 29_000)).not.toContain(one.id);
      expect(await claimIds(T0 + 31_000)).toContain(one.id);
    });

    it('keeps each endpoint to its share of the slots, claiming and storing, and leaves the rest for later', async () => {
      const now = T0 + 5 * 86_400_000;
      const [slow, quick] = [`whe_${unique()}`, `whe_${unique()}`];
      const backlog = Array.from({ length: 5 }, () => fresh({ endpointId: slow, dueAt: now - 10 }));
      const other = fresh({ endpointId: quick, dueAt: now - 5 });
      await deliveries.addAll([...backlog, other]);
      const share = { perKey: 2, busy: { [slow]: 1 }, deferUntil: now + 1_000 };
      const claimed = await deliveries.claimDue(now, 100, unique(), now + 30_000, share);
      expect(claimed.filter((d) => d.endpointId === slow)).toHaveLength(1);
      expect(claimed.filter((d) => d.endpointId === quick).map((d) => d.id)).toEqual([other.id]);
      // The ones left out are due again at deferUntil, not read again before it.
      const meanwhile = await claimIds(now + 500);
      expect(backlog.filter((d) => meanwhile.includes(d.id))).toHaveLength(0);
      const later = await claimIds(now + 1_001);
      expect(backlog.filter((d) => later.includes(d.id))).toHaveLength(4);

      const burst = Array.from({ length: 3 }, () => fresh({ endpointId: `whe_${unique()}`, dueAt: now }));
      const sameEndpoint = burst.map((d) => ({ ...d, endpointId: burst[0]!.endpointId }));
      const lease = { token: unique(), now, until: now + 30_000, limit: 10, share: { perKey: 2, busy: {}, deferUntil: now + 1_000 } };
      const { added, leased } = await deliveries.addAll(sameEndpoint, lease);
      expect({ added, leased: leased.length }).toEqual({ added: 3, leased: 2 });
    });

    it('leaves a delivery alone before it is due', async () => {
      const later = fresh({ dueAt: T0 + 60_000 });
      await deliveries.addAll([later]);
      expect(await claimIds(T0)).not.toContain(later.id);
      expect(await claimIds(T0 + 60_000)).toContain(later.id);
    });

    it('records a try only for the lease holder, and schedules the retry', async () => {
      const one = fresh({ dueAt: T0 - 5 });
      await deliveries.addAll([one]);
      const token = unique();
      const now = T0 + 100_000;
      expect(await claimIds(now, token)).toContain(one.id);
      expect(await record(one, 'someone-else', attempt(now, 503), { status: 'pending', dueAt: now + 5_000 })).toBe(false);
      expect(await record(one, token, attempt(now, 503), { status: 'pending', dueAt: now + 5_000 })).toBe(true);
      expect(await record(one, token, attempt(now, 503), { status: 'pending', dueAt: now + 5_000 })).toBe(false);
      expect(await deliveries.get(one.id)).toMatchObject({ status: 'pending', triesInRound: 1, leaseToken: null, dueAt: now + 5_000 });
      expect(await claimIds(now + 4_000)).not.toContain(one.id);
      const retryToken = unique();
      expect(await claimIds(now + 5_000, retryToken)).toContain(one.id);
      expect(await record(one, retryToken, attempt(now + 5_000, 200), { status: 'delivered' })).toBe(true);
      const done = await deliveries.get(one.id);
      expect(done).toMatchObject({ status: 'delivered', triesInRound: 2 });
      expect(done!.attempts.map((a) => a.statusCode)).toEqual([503, 200]);
      expect(await claimIds(now + 1_000_000)).not.toContain(one.id);
    });

    it('sends a task’s deliveries to an endpoint one after another, in order', async () => {
      const endpointId = `whe_${unique()}`;
      const taskId = `tsk_${unique()}`;
      const [first, second, third] = [fresh({ endpointId, taskId }), fresh({ endpointId, taskId }), fresh({ endpointId, taskId })];
      const elsewhere = fresh({ endpointId, taskId: `tsk_${unique()}` });
      await deliveries.addAll([first!, second!]);
      await deliveries.addAll([third!, elsewhere]);
      const now = T0 + 200_000;
      const token = unique();
      const claimed = await claimIds(now, token);
      expect(claimed).toEqual(expect.arrayContaining([first!.id, elsewhere.id]));
      expect(claimed).not.toContain(second!.id);
      await record(first!, token, attempt(now, 503), { status: 'pending', dueAt: now + 10_000 });
      expect(await claimIds(now + 1_000)).not.toContain(second!.id);
      const retry = unique();
      expect(await claimIds(now + 10_000, retry)).toContain(first!.id);
      await record(first!, retry, attempt(now + 10_000, null), { status: 'dead' });
      const next = await claimIds(now + 10_000);
      expect(next).toContain(second!.id);
      expect(next).not.toContain(third!.id);
    });

    it('leases new deliveries as it stores them when asked: only the first of a task, only due ones, up to a limit', async () => {
      const endpointId = `whe_${unique()}`;
      const taskId = `tsk_${unique()}`;
      const now = T0 + 400_000;
      const [first, second] = [fresh({ endpointId, taskId, dueAt: now }), fresh({ endpointId, taskId, dueAt: now })];
      const [other, beyondLimit] = [fresh({ endpointId, dueAt: now }), fresh({ endpointId, dueAt: now })];
      const notYetDue = fresh({ endpointId, dueAt: now + 60_000 });
      const token = unique();
      const lease = { token, now, until: now + 30_000, limit: 2 };

      const stored = await deliveries.addAll([first!, second!, notYetDue, other!, beyondLimit!], lease);
      expect(stored.added).toBe(5);
      expect(stored.leased.map((d) => d.id)).toEqual([first!.id, other!.id]);
      expect(stored.leased[0]).toMatchObject({ status: 'pending', leaseToken: token, dueAt: now + 30_000, sequence: expect.any(Number) });
      expect(await deliveries.addAll([first!], { ...lease, token: unique() })).toEqual({ added: 0, leased: [] });

      const claimed = await claimIds(now);
      expect(claimed).toContain(beyondLimit!.id);
      expect(claimed).not.toContain(first!.id);
      expect(claimed).not.toContain(second!.id);
      expect(claimed).not.toContain(notYetDue.id);
      expect(await record(first!, token, attempt(now, 200), { status: 'delivered' })).toBe(true);
      expect(await claimIds(now)).toContain(second!.id);
    });

    it('records several tries at once, each only for its lease holder', async () => {
      const [one, two] = [fresh(), fresh()];
      const now = T0 + 500_000;
      const token = unique();
      const { leased } = await deliveries.addAll([one, two], { token, now, until: now + 30_000, limit: 10 });
      expect(leased).toHaveLength(2);
      const recorded = await deliveries.recordAttempts([
        { ...keysOf(one), token, attempt: attempt(now, 200), next: { status: 'delivered' } },
        { ...keysOf(two), token: 'someone-else', attempt: attempt(now, 200), next: { status: 'delivered' } },
        { ...keysOf(one), id: 'msg_unknown', token, attempt: attempt(now, 200), next: { status: 'delivered' } },
      ]);
      expect(recorded).toEqual([true, false, false]);
      expect(await deliveries.get(one.id)).toMatchObject({ status: 'delivered', leaseToken: null });
      expect(await deliveries.get(two.id)).toMatchObject({ status: 'pending', leaseToken: token, attempts: [] });
    });

    it('replays one failed delivery, or every failed one of an endpoint since a time, on a fresh schedule', async () => {
      const endpointId = `whe_${unique()}`;
      const old = fresh({ endpointId, createdAt: '2026-11-20T00:00:00.000Z' });
      const [failed, dead, delivered] = [fresh({ endpointId }), fresh({ endpointId }), fresh({ endpointId })];
      await deliveries.addAll([old, failed!, dead!, delivered!]);
      const now = T0 + 300_000;
      const token = unique();
      await claimIds(now, token);
      await record(old, token, attempt(now, 400), { status: 'failed' });
      await record(failed!, token, attempt(now, 400), { status: 'failed' });
      await record(dead!, token, attempt(now, 503), { status: 'dead' });
      await record(delivered!, token, attempt(now, 200), { status: 'delivered' });

      expect(await deliveries.replay(delivered!.id, now)).toBe(false);
      expect(await deliveries.replay('msg_unknown', now)).toBe(false);
      expect(await deliveries.replayFailed(endpointId, '2026-11-21T00:00:00.000Z', now + 1)).toBe(2);
      expect(await deliveries.get(failed!.id)).toMatchObject({ status: 'pending', triesInRound: 0, dueAt: now + 1 });
      expect((await deliveries.get(failed!.id))!.attempts).toHaveLength(1);
      expect(await deliveries.get(old.id)).toMatchObject({ status: 'failed' });
      expect(await deliveries.replay(old.id, now + 2)).toBe(true);
      expect(await claimIds(now + 2)).toEqual(expect.arrayContaining([old.id, failed!.id, dead!.id]));
    });

    it('lists deliveries newest first, by account, endpoint, status, task and time', async () => {
      const accountId = `acc_${unique()}`;
      const endpointId = `whe_${unique()}`;
      const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
      const [a, b, c] = [
        fresh({ accountId, endpointId, createdAt: at(1) }),
        fresh({ accountId, endpointId, createdAt: at(2) }),
        fresh({ accountId, createdAt: at(3) }),
      ];
      await deliveries.addAll([a!, b!, c!]);
      const ids = async (query: Parameters<DeliveryRepository['list']>[0]) => (await deliveries.list(query)).map((d) => d.id);
      expect(await ids({ accountId, limit: 10 })).toEqual([c!.id, b!.id, a!.id]);
      expect(await ids({ accountId, limit: 2 })).toEqual([c!.id, b!.id]);
      expect(await ids({ endpointId, limit: 10 })).toEqual([b!.id, a!.id]);
      expect(await ids({ accountId, since: at(2), limit: 10 })).toEqual([c!.id, b!.id]);
      expect(await ids({ accountId, status: 'delivered', limit: 10 })).toEqual([]);
      expect(await ids({ accountId: 'acc_other', endpointId, limit: 10 })).toEqual([]);
      expect(await ids({ accountId, taskId: b!.taskId, limit: 10 })).toEqual([b!.id]);
    });

    // Last: it removes every delivery settled before the time it is given, other tests' too.
    it('removes a settled delivery once its retention has ended, never a pending or replayed one', async () => {
      const [settled, waiting, replayed] = [fresh(), fresh(), fresh()];
      await deliveries.addAll([settled, waiting, replayed]);
      const token = unique();
      await deliveries.claimDue(T0 + 1, 100, token, T0 + 30_000);
      const settledAt = T0 + 1_000;
      expect(await record(settled, token, attempt(settledAt, 200), { status: 'delivered' })).toBe(true);
      expect(await record(replayed, token, attempt(settledAt, 500), { status: 'failed' })).toBe(true);
      expect(await record(waiting, token, attempt(settledAt, 503), { status: 'pending', dueAt: T0 + 60_000 })).toBe(true);
      expect(await deliveries.replay(replayed.id, settledAt + 1)).toBe(true);

      await deliveries.removeExpired(settledAt + DELIVERY_RETENTION_MS - 1);
      expect(await deliveries.get(settled.id)).toMatchObject({ status: 'delivered' });
      expect(await deliveries.removeExpired(settledAt + DELIVERY_RETENTION_MS)).toBeGreaterThanOrEqual(1);
      expect(await deliveries.get(settled.id)).toBeNull();
      expect(await deliveries.list({ endpointId: settled.endpointId, limit: 10 })).toEqual([]);
      expect(await deliveries.get(waiting.id)).toMatchObject({ status: 'pending' });
      expect(await deliveries.get(replayed.id)).toMatchObject({ status: 'pending' });
    });
  });
}
