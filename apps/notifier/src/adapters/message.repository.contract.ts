import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@delivery/contracts';
import { messageId, type MessageFacts, type NewMessage } from '../domain/message';
import type { MessageRepository } from '../ports/message.repository';
import { describeMessageRoundTrips } from './message.round-trip.contract';

const FACTS: MessageFacts = {
  eta: null,
  window: null,
  driverFirstName: 'Sam',
  photoUrl: null,
  nextStep: null,
  trackingToken: 'trk',
  fleetId: 1,
  language: null,
};
const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

export function describeMessageRepositoryContract(name: string, make: () => Promise<MessageRepository>, release?: () => Promise<void>) {
  describe(`MessageRepository contract: ${name}`, () => {
    let messages: MessageRepository;
    const unique = () => randomBytes(6).toString('hex');
    const fresh = (overrides: Partial<NewMessage> = {}): NewMessage => {
      const taskId = overrides.taskId ?? `tsk_${unique()}`;
      return {
        id: messageId(taskId, 'dispatched', '', 'sms'),
        accountId: 'acc',
        taskId,
        moment: 'dispatched',
        channel: 'sms',
        occurrence: '',
        facts: FACTS,
        createdAt: iso(T0),
        dueAt: T0,
        expiresAt: null,
        ...overrides,
      };
    };
    const event = (subject: string): EventEnvelope => ({
      id: `evt_${unique()}`,
      type: 'NotificationSent',
      version: 1,
      occurredAt: iso(T0),
      accountId: 'acc',
      correlationId: subject,
      causationId: null,
      subject,
      data: {},
    });
    const claimAll = (now: number, token: string) => messages.claimDue(now, 1_000, token, now + 60_000);
    const SENT = { to: '+33•••78', language: 'en', subject: null, body: 'Hello', segments: 1 };

    describeMessageRoundTrips(() => messages);

    beforeAll(async () => {
      messages = await make();
    });
    afterAll(async () => {
      await messages.close();
      await release?.();
    });

    it('stores a message once however often it is added, and a later event revises one still waiting', async () => {
      const first = fresh();
      await messages.addAll([first]);
      await messages.addAll([{ ...first, facts: { ...FACTS, driverFirstName: 'Kim' }, dueAt: T0 + 5_000, createdAt: iso(T0 + 1) }]);
      const stored = (await messages.get(first.id))!;
      expect(stored).toMatchObject({ status: 'pending', dueAt: T0 + 5_000, tries: 0, leaseToken: null, sendingSince: null });
      expect(stored.facts.driverFirstName).toBe('Kim');
      expect(await messages.listByTask('acc', first.taskId)).toHaveLength(1);
    });

    it('leases a due message to one claimant only, and not before it is due', async () => {
      const message = fresh({ dueAt: T0 + 10_000 });
      await messages.addAll([message]);
      expect((await claimAll(T0 + 9_999, 'early')).map((m) => m.id)).not.toContain(message.id);
      const [a, b] = await Promise.all([claimAll(T0 + 10_000, 'a'), claimAll(T0 + 10_000, 'b')]);
      const winners = [...a!, ...b!].filter((m) => m.id === message.id);
      expect(winners).toHaveLength(1);
      expect(winners[0]!.dueAt).toBe(T0 + 70_000);
    });

    it("keeps each account to its share of a worker's slots in the claim itself: the rest stay unleased, due again later", async () => {
      const now = T0 + 3 * 86_400_000;
      const [busy, quiet] = [`acc_${unique()}`, `acc_${unique()}`];
      const backlog = Array.from({ length: 5 }, () => fresh({ accountId: busy, dueAt: now - 10 }));
      const other = fresh({ accountId: quiet, dueAt: now - 5 });
      await messages.addAll([...backlog, other]);
      const share = { perKey: 2, busy: { [busy]: 1 }, deferUntil: now + 1_000 };
      const claimed = await messages.claimDue(now, 100, 'shared', now + 60_000, share);
      expect(claimed.filter((m) => m.accountId === busy)).toHaveLength(1);
      expect(claimed.filter((m) => m.accountId === quiet).map((m) => m.id)).toEqual([other.id]);
      // Those left out are not leased, and due again at deferUntil: not read again before it.
      const leftOut = backlog.filter((m) => !claimed.some((c) => c.id === m.id));
      for (const message of leftOut) expect(await messages.get(message.id)).toMatchObject({ leaseToken: null, dueAt: now + 1_000 });
      expect((await claimAll(now + 500, 'meanwhile')).filter((m) => m.accountId === busy)).toHaveLength(0);
      expect((await claimAll(now + 1_001, 'later')).filter((m) => m.accountId === busy)).toHaveLength(4);
    });

    it('records a send by the lease holder only, with its events in the outbox, and finds it by the provider’s id', async () => {
      const message = fresh();
      await messages.addAll([message]);
      const token = `t_${unique()}`;
      expect((await claimAll(T0 + 1_000, token)).map((m) => m.id)).toContain(message.id);
      expect(await messages.begin(message.id, 'another', SENT, iso(T0 + 1_000))).toBe(false);
      expect(await messages.begin(message.id, token, SENT, iso(T0 + 1_000))).toBe(true);
      expect((await messages.get(message.id))!.sendingSince).toBe(iso(T0 + 1_000));
      const sid = `SM${unique()}`;
      const told = event(message.taskId);
      const settlement = {
        status: 'sent' as const,
        at: iso(T0 + 2_000),
        detail: null,
        provider: 'twilio' as const,
        providerRef: sid,
        sent: SENT,
      };
      expect(await messages.settle(message.id, 'another', settlement, [told])).toBe(false);
      expect(await messages.settle(message.id, token, settlement, [told])).toBe(true);
      expect(await messages.settle(message.id, token, settlement, [told])).toBe(false);
      const sent = (await messages.findByProviderRef('twilio', sid))!;
      expect(sent).toMatchObject({ id: message.id, status: 'sent', sendingSince: null, leaseToken: null, sent: SENT });
      expect(sent.history.map((h) => h.status)).toEqual(['pending', 'sent']);
      expect((await messages.outbox.pending(1_000)).map((e) => e.id)).toContain(told.id);
    });

    it('stores a message settled as it is made, with its events, once: never queued, and a repeat changes nothing', async () => {
      const message = fresh();
      const told = event(message.taskId);
      const settled = { settlement: { status: 'not_sent' as const, at: iso(T0), detail: 'no provider', sent: SENT }, events: [told] };
      await messages.addAll([{ ...message, settled }]);
      const stored = (await messages.get(message.id))!;
      expect(stored).toMatchObject({ status: 'not_sent', leaseToken: null, sent: SENT });
      expect(stored.history.map((h) => h.status)).toEqual(['pending', 'not_sent']);
      expect(stored.removeAt).toBeGreaterThan(T0);
      expect((await messages.outbox.pending(1_000)).map((e) => e.id)).toContain(told.id);
      expect((await claimAll(T0 + 1_000, `t_${unique()}`)).map((m) => m.id)).not.toContain(message.id);
      await messages.addAll([
        { ...message, createdAt: iso(T0 + 5_000) },
        { ...message, settled: { ...settled, events: [event(message.taskId)] } },
      ]);
      expect((await messages.get(message.id))!).toEqual(stored);
      expect(await messages.listByTask('acc', message.taskId)).toHaveLength(1);
    });

    it('takes the provider’s later word forward only: delivered stays delivered', async () => {
      const message = fresh();
      await messages.addAll([message]);
      const token = `t_${unique()}`;
      await claimAll(T0 + 1_000, token);
      await messages.settle(
        message.id,
        token,
        { status: 'sent', at: iso(T0), detail: null, provider: 'twilio', providerRef: `SM${unique()}` },
        [],
      );
      expect(await messages.report(message.id, 'delivered', iso(T0 + 5_000), null, [event(message.taskId)])).toBe(true);
      expect(await messages.report(message.id, 'undelivered', iso(T0 + 6_000), 'Twilio error 30003', [])).toBe(false);
      expect(await messages.report(message.id, 'delivered', iso(T0 + 7_000), null, [])).toBe(false);
      expect((await messages.get(message.id))!.history.map((h) => h.status)).toEqual(['pending', 'sent', 'delivered']);
    });

    it('puts a message turned away back in the queue, due later, counting the try', async () => {
      const message = fresh();
      await messages.addAll([message]);
      const token = `t_${unique()}`;
      await claimAll(T0 + 1_000, token);
      await messages.begin(message.id, token, SENT, iso(T0 + 1_000));
      expect(
        await messages.settle(
          message.id,
          token,
          { status: 'pending', at: iso(T0 + 1_500), detail: 'Twilio answered 503', retryAt: T0 + 31_000, tried: true },
          [],
        ),
      ).toBe(true);
      expect(await messages.get(message.id)).toMatchObject({
        status: 'pending',
        dueAt: T0 + 31_000,
        tries: 1,
        sendingSince: null,
        leaseToken: null,
      });
      expect((await claimAll(T0 + 30_999, 'x')).map((m) => m.id)).not.toContain(message.id);
      expect((await claimAll(T0 + 31_000, 'y')).map((m) => m.id)).toContain(message.id);
    });

    it('keeps a message begun marked as begun when it is put back untried: only the provider’s answer ends a send', async () => {
      const message = fresh();
      await messages.addAll([message]);
      await claimAll(T0 + 1_000, 'died');
      await messages.begin(message.id, 'died', SENT, iso(T0 + 1_000));
      // Its lease ran out; a worker over the account's share claims it and puts it back.
      const token = `t_${unique()}`;
      expect((await claimAll(T0 + 61_000, token)).find((m) => m.id === message.id)?.sendingSince).toBe(iso(T0 + 1_000));
      const putBack = {
        status: 'pending' as const,
        at: iso(T0 + 61_000),
        detail: 'waits: its account has its share',
        retryAt: T0 + 61_020,
      };
      expect(await messages.settle(message.id, token, putBack, [])).toBe(true);
      expect(await messages.get(message.id)).toMatchObject({
        status: 'pending',
        sendingSince: iso(T0 + 1_000),
        tries: 0,
        leaseToken: null,
      });
      expect((await claimAll(T0 + 61_020, 'next')).find((m) => m.id === message.id)?.sendingSince).toBe(iso(T0 + 1_000));
    });

    it('removes settled messages once their retention ends, never one still waiting', async () => {
      const settled = fresh();
      const waiting = fresh();
      await messages.addAll([settled, waiting]);
      const token = `t_${unique()}`;
      const [claimed] = (await claimAll(T0 + 1_000, token)).filter((m) => m.id === settled.id);
      expect(claimed).toBeDefined();
      await messages.settle(settled.id, token, { status: 'skipped', at: iso(T0 + 1_000), detail: 'the recipient opted out' }, []);
      const { removeAt } = (await messages.get(settled.id))!;
      expect(removeAt).toBeGreaterThan(T0 + 1_000);
      // Other tests' messages settled earlier go too: this one stays until its own end.
      await messages.removeExpired(removeAt! - 1);
      expect(await messages.get(settled.id)).not.toBeNull();
      expect(await messages.removeExpired(removeAt!)).toBeGreaterThanOrEqual(1);
      expect(await messages.get(settled.id)).toBeNull();
      expect(await messages.listByTask('acc', settled.taskId)).toEqual([]);
      expect(await messages.get(waiting.id)).not.toBeNull();
    });

    it('names the messages of a task still waiting, and skips one without a lease, never one being sent', async () => {
      const taskId = `tsk_${unique()}`;
      const waiting = fresh({ taskId, dueAt: T0 + 3_600_000 });
      const sending = fresh({ taskId, id: messageId(taskId, 'on_the_way', '', 'sms'), moment: 'on_the_way' });
      const email = fresh({ taskId, id: messageId(taskId, 'dispatched', '', 'email'), channel: 'email', dueAt: T0 + 3_600_000 });
      await messages.addAll([waiting, sending, email]);
      await claimAll(T0 + 1_000, 'busy');
      const found = await messages.waiting(taskId, ['dispatched'], T0 + 1_000);
      expect(found.map((m) => m.id).sort()).toEqual([waiting.id, email.id].sort());
      expect((await messages.waiting(taskId, 'all', T0 + 1_000)).map((m) => m.id)).not.toContain(sending.id);
      const skip = { status: 'skipped' as const, at: iso(T0 + 1_000), detail: 'the delivery was cancelled' };
      expect(await messages.settle(waiting.id, null, skip, [event(taskId)])).toBe(true);
      expect(await messages.settle(sending.id, null, skip, [])).toBe(false);
      expect((await messages.get(waiting.id))!.status).toBe('skipped');
      expect((await messages.listByTask('acc', taskId)).map((m) => m.id)).toHaveLength(3);
      expect(await messages.listByTask('other', taskId)).toEqual([]);
    });
  });
}
