import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@delivery/contracts';
import type { EventBus, OutgoingMessage } from '@delivery/event-bus';
import { eventually } from '@delivery/testing';
import type { OutboxStore } from './outbox';
import { OutboxRelay } from './outbox-relay';

/** One store under test, as two processes see it: two outboxes over the same data, and a way to commit events. */
export interface SharedOutbox {
  first: OutboxStore;
  second: OutboxStore;
  /** Commits events as a service would with a change: each subject's in the order given. */
  commit(events: readonly EventEnvelope[]): Promise<void>;
  close(): Promise<void>;
}

/** A bus that records what it was given; `hold` makes every publish wait until released. */
class RecordingBus implements Pick<EventBus, 'publish'> {
  published: OutgoingMessage[] = [];
  private gate: Promise<void> = Promise.resolve();
  hold(): () => void {
    let release!: () => void;
    this.gate = new Promise((resolve) => (release = resolve));
    return release;
  }
  async publish(_topic: string, messages: readonly OutgoingMessage[]) {
    await this.gate;
    this.published.push(...messages);
  }
}

const ids = (bus: RecordingBus) => bus.published.map((m) => (JSON.parse(m.value as string) as EventEnvelope).id);

export function describeOutboxContract(name: string, open: () => Promise<SharedOutbox>) {
  describe(`OutboxStore contract: ${name}`, () => {
    let store: SharedOutbox;
    const relays: OutboxRelay[] = [];
    const relay = (outbox: OutboxStore, bus: RecordingBus, leadMs = 10_000) => {
      const made = new OutboxRelay(outbox, bus as unknown as EventBus, { pollIntervalMs: 20, leadMs });
      relays.push(made);
      return made;
    };
    let clock = Date.parse('2026-11-23T09:00:00.000Z');
    const event = (subject: string): EventEnvelope => ({
      id: `evt_${randomBytes(6).toString('hex')}`,
      type: 'TaskStarted',
      version: 1,
      occurredAt: new Date((clock += 1_000)).toISOString(),
      accountId: 'acc',
      correlationId: 'corr',
      causationId: null,
      subject,
      data: {},
    });

    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await Promise.all(relays.splice(0).map((r) => r.stop()));
      await store.close();
    });

    it('gives the oldest entries first, each subject in commit order, until they are marked published', async () => {
      const [a1, b1, a2, c1, b2] = [event('task-a'), event('task-b'), event('task-a'), event('task-c'), event('task-b')];
      await store.commit([a1!]);
      await store.commit([b1!]);
      await store.commit([a2!]);
      await store.commit([c1!, b2!]);
      const pending = await store.first.pending(100);
      expect(pending.map((e) => e.id).sort()).toEqual([a1, b1, a2, c1, b2].map((e) => e!.id).sort());
      expect(pending[0]!.id).toBe(a1!.id);
      const order = (subject: string) => pending.filter((e) => e.key === subject).map((e) => e.id);
      expect(order('task-a')).toEqual([a1!.id, a2!.id]);
      expect(order('task-b')).toEqual([b1!.id, b2!.id]);
      await store.second.markPublished([a1!.id, b2!.id]);
      const left = await store.first.pending(100);
      expect(left.map((e) => e.id).sort()).toEqual([b1, a2, c1].map((e) => e!.id).sort());
      // The oldest still waiting comes first, whichever subject was written to first.
      expect(left[0]!.id).toBe(b1!.id);
    });

    it('lets one relay lead at a time, until it gives the lead up or its lead lapses', async () => {
      const before = Date.now();
      expect(await store.first.lead('relay-1', 10_000)).toEqual({ led: true });
      // Refused, with until when the other's lead holds.
      const refused = await store.second.lead('relay-2', 10_000);
      expect(refused).toEqual({ led: false, heldUntil: expect.any(Number) });
      expect((refused as { heldUntil: number }).heldUntil).toBeGreaterThanOrEqual(before + 10_000);
      expect(await store.first.lead('relay-1', 10_000)).toEqual({ led: true });
      expect(await store.first.lead('relay-1', 0)).toEqual({ led: true });
      // Long enough that the next call comes within it on a loaded machine; short enough to wait out.
      expect(await store.second.lead('relay-2', 1_000)).toEqual({ led: true });
      expect((await store.first.lead('relay-1', 10_000)).led).toBe(false);
      await eventually(async () => expect(await store.first.lead('relay-1', 10_000)).toEqual({ led: true }));
    });

    it('publishes every entry once, each subject in order, with two relays over the store', async () => {
      const bus = new RecordingBus();
      const [one, two] = [relay(store.first, bus), relay(store.second, bus)];
      one.start();
      two.start();
      const committed: EventEnvelope[] = [];
      for (let i = 0; i < 30; i += 1) {
        const next = event(`task-${i % 4}`);
        committed.push(next);
        await store.commit([next]);
        (i % 2 ? one : two).notify();
      }
      await eventually(() => expect(ids(bus).sort()).toEqual(committed.map((e) => e.id).sort()), 10_000);
      // Both relays polled many times over: a second publisher would have sent some entry again.
      await Promise.all([one.flush(), two.flush(), one.flush(), two.flush()]);
      expect(ids(bus)).toHaveLength(committed.length);
      for (let task = 0; task < 4; task += 1) {
        const mine = committed.filter((e) => e.subject === `task-${task}`).map((e) => e.id);
        expect(ids(bus).filter((id) => mine.includes(id))).toEqual(mine);
      }
    });

    it('is taken over by the other relay when the leader stops renewing its lead', async () => {
      const stuck = new RecordingBus();
      const release = stuck.hold();
      const healthy = new RecordingBus();
      const leader = relay(store.first, stuck, 300);
      leader.start();
      await eventually(async () => expect((await store.second.lead('probe', 1)).led).toBe(false));
      const entry = event('task-a');
      await store.commit([entry]);
      leader.notify();
      // The leader hangs in a publish: its lead lapses and the other relay publishes.
      relay(store.second, healthy, 300).start();
      await eventually(() => expect(ids(healthy)).toEqual([entry.id]), 10_000);
      release();
    });
  });
}
