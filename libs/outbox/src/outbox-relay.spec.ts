import type { EventBus, OutgoingMessage } from '@delivery/event-bus';
import { eventually } from '@delivery/testing';
import type { Lead, OutboxEntry, OutboxStore } from './outbox';
import { OutboxRelay } from './outbox-relay';

class MemoryOutbox implements OutboxStore {
  entries: OutboxEntry[] = [];
  async pending(limit: number) {
    return this.entries.slice(0, limit);
  }
  async markPublished(ids: readonly string[]) {
    this.entries = this.entries.filter((e) => !ids.includes(e.id));
  }
  async lead() {
    return { led: true as const };
  }
}

class FlakyBus implements Pick<EventBus, 'publish'> {
  published: { topic: string; messages: OutgoingMessage[] }[] = [];
  failuresLeft = 0;
  /** Held publishes wait for this, so a test can act while one is under way. */
  held: Promise<void> = Promise.resolve();
  async publish(topic: string, messages: readonly OutgoingMessage[]) {
    await this.held;
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('broker unreachable');
    }
    this.published.push({ topic, messages: [...messages] });
  }
}

const entry = (id: string, topic = 'orders', key = 'task-1'): OutboxEntry => ({ id, topic, key, value: id });

describe('OutboxRelay', () => {
  let relay: OutboxRelay;
  afterEach(() => relay.stop());

  it('publishes pending entries in order, per topic, then marks them published', async () => {
    const outbox = new MemoryOutbox();
    const bus = new FlakyBus();
    outbox.entries = [entry('a'), entry('b'), entry('c', 'notes'), entry('d')];
    relay = new OutboxRelay(outbox, bus as unknown as EventBus, { pollIntervalMs: 10_000 });
    relay.start();
    await eventually(() => expect(outbox.entries).toEqual([]));
    expect(bus.published.map((p) => [p.topic, p.messages.map((m) => m.value)])).toEqual([
      ['orders', ['a', 'b']],
      ['notes', ['c']],
      ['orders', ['d']],
    ]);
  });

  it('keeps entries while the bus fails and publishes them once it is back', async () => {
    const outbox = new MemoryOutbox();
    const bus = new FlakyBus();
    bus.failuresLeft = 3;
    const errors: unknown[] = [];
    outbox.entries = [entry('a')];
    relay = new OutboxRelay(outbox, bus as unknown as EventBus, { pollIntervalMs: 10, maxBackoffMs: 20, onError: (e) => errors.push(e) });
    relay.start();
    await eventually(() => expect(outbox.entries).toEqual([]));
    expect(errors).toHaveLength(3);
    expect(bus.published.flatMap((p) => p.messages.map((m) => m.value))).toEqual(['a']);
  });

  it('sends entries written later when notified, without waiting for the poll', async () => {
    const outbox = new MemoryOutbox();
    const bus = new FlakyBus();
    relay = new OutboxRelay(outbox, bus as unknown as EventBus, { pollIntervalMs: 60_000 });
    relay.start();
    await relay.flush();
    outbox.entries.push(entry('late'));
    relay.notify();
    await eventually(() => expect(bus.published.flatMap((p) => p.messages.map((m) => m.value))).toEqual(['late']), 1_000);
  });

  it('never publishes an entry twice when a notify arrives while a flush is publishing', async () => {
    const outbox = new MemoryOutbox();
    const bus = new FlakyBus();
    relay = new OutboxRelay(outbox, bus as unknown as EventBus, { pollIntervalMs: 60_000 });
    relay.start();
    await relay.flush();
    outbox.entries.push(entry('a'));
    let release!: () => void;
    bus.held = new Promise((resolve) => (release = resolve));
    const flushed = relay.flush();
    await new Promise((resolve) => setImmediate(resolve));
    relay.notify();
    release();
    await flushed;
    await relay.flush();
    expect(bus.published.flatMap((p) => p.messages.map((m) => m.value))).toEqual(['a']);
  });
});

describe('OutboxRelay leads', () => {
  /** A store whose lead one relay holds until its time passes, by a clock the test moves. */
  class LeaseOutbox implements OutboxStore {
    entries: OutboxEntry[] = [];
    holder: { relayId: string; until: number } | null = null;
    leadCalls = 0;
    onPending: () => void = () => undefined;
    async lead(relayId: string, forMs: number): Promise<Lead> {
      this.leadCalls += 1;
      const now = Date.now();
      if (this.holder && this.holder.relayId !== relayId && this.holder.until > now) return { led: false, heldUntil: this.holder.until };
      this.holder = { relayId, until: now + forMs };
      return { led: true };
    }
    async pending(limit: number) {
      const batch = this.entries.slice(0, limit);
      this.onPending();
      return batch;
    }
    async markPublished(ids: readonly string[]) {
      this.entries = this.entries.filter((e) => !ids.includes(e.id));
    }
  }
  let now = Date.parse('2026-11-27T09:00:00.000Z');
  beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
  afterEach(() => jest.restoreAllMocks());

  it('publishes nothing it read once its lead has lapsed and another relay leads: a pause cannot reorder a task’s events', async () => {
    const outbox = new LeaseOutbox();
    outbox.entries = [entry('e1')];
    const bus = new FlakyBus();
    const paused = new OutboxRelay(outbox, bus as unknown as EventBus, { leadMs: 20_000, sendBoundMs: 15_000 });
    // Paused (SIGSTOP, a long GC) between reading its batch and publishing it, past its lead; another relay leads meanwhile.
    outbox.onPending = () => {
      outbox.onPending = () => undefined;
      now += 90_000;
      outbox.holder = { relayId: 'successor', until: now + 20_000 };
    };
    await paused.flush();
    expect(bus.published).toEqual([]);
    expect(outbox.entries.map((e) => e.id)).toEqual(['e1']);
    await paused.stop();
  });

  it('asks the store for a lead another relay holds again only once that lead can have lapsed, and then takes it, saying so', async () => {
    const outbox = new LeaseOutbox();
    outbox.holder = { relayId: 'leader', until: now + 12_000 };
    const leads: boolean[] = [];
    const follower = new OutboxRelay(outbox, new FlakyBus() as unknown as EventBus, {
      leadMs: 20_000,
      observeLead: (led) => leads.push(led),
    });
    for (let i = 0; i < 10; i += 1) await follower.flush();
    expect(outbox.leadCalls).toBe(1);
    now += 11_000;
    await follower.flush();
    expect(outbox.leadCalls).toBe(1);
    now += 1_000;
    await follower.flush();
    expect(outbox.leadCalls).toBe(2);
    expect(outbox.holder.relayId).not.toBe('leader');
    await follower.stop();
    // The leader gauge: a follower, then the leader, then none once stopped.
    expect(leads).toEqual([false, true, false]);
  });
});
