import type { EventBus, OutgoingMessage } from '@delivery/event-bus';
import { eventually } from '@delivery/testing';
import type { OutboxEntry, OutboxStore } from './outbox';
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
    return true;
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
