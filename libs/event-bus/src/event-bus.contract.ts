import { randomUUID } from 'node:crypto';
import { eventually } from '@delivery/testing';
import type { EventBus, IncomingMessage } from './event-bus';
import { UnhandleableMessage, type HandlingPolicy } from './patient-handler';

/** Short retries, so a message is given up within a test: adapters under the contract are made with it. */
export const CONTRACT_HANDLING: Omit<HandlingPolicy, 'deadLetterTopic'> = { tries: 3, firstDelayMs: 20, maxDelayMs: 50 };

/**
 * The behaviour every EventBus adapter must show. `topic()` hands out a topic that
 * exists on the bus and that no other test of this suite uses.
 */
export function describeEventBusContract(
  name: string,
  make: () => Promise<{ bus: EventBus; topic(): string; deadLetterTopic: string }>,
  release?: () => Promise<void>,
) {
  describe(`EventBus contract: ${name}`, () => {
    let bus: EventBus;
    let nextTopic: () => string;
    let deadLetterTopic: string;

    beforeAll(async () => {
      ({ bus, topic: nextTopic, deadLetterTopic } = await make());
    }, 60_000);
    afterAll(async () => {
      await bus?.close();
      await release?.();
    });

    /** `fail` says which messages the handler fails on: its store down (an Error), or one it can never handle. */
    const collect = async (
      topic: string,
      groupId: string,
      into: IncomingMessage[],
      fail?: (m: IncomingMessage) => boolean,
      unhandleable = false,
    ) =>
      bus.subscribe({ groupId, topics: [topic], fromBeginning: true }, async (message) => {
        if (fail?.(message)) throw unhandleable ? new UnhandleableMessage('handler failed on purpose') : new Error('store unreachable');
        into.push(message);
      });

    it('delivers published messages with their keys, in order per key', async () => {
      const topic = nextTopic();
      await bus.publish(topic, [
        { key: 'task-1', value: 'a1' },
        { key: 'task-2', value: 'b1' },
        { key: 'task-1', value: 'a2' },
      ]);
      await bus.publish(topic, [{ key: 'task-1', value: 'a3' }]);
      const seen: IncomingMessage[] = [];
      const subscription = await collect(topic, `g-${randomUUID()}`, seen);
      await eventually(() => expect(seen).toHaveLength(4), 20_000);
      await subscription.stop();
      expect(seen.filter((m) => m.key === 'task-1').map((m) => m.value)).toEqual(['a1', 'a2', 'a3']);
      expect(seen.find((m) => m.key === 'task-2')?.value).toBe('b1');
      expect(seen.every((m) => m.topic === topic)).toBe(true);
    }, 30_000);

    it('carries headers beside the value, tells each batch what is left, and answers when asked if it is reachable', async () => {
      await bus.reachable();
      const topic = nextTopic();
      await bus.publish(topic, [
        { key: 'task-1', value: 'with', headers: { 'x-request-id': 'req-1' } },
        { key: 'task-1', value: 'without' },
      ]);
      const seen: IncomingMessage[] = [];
      const lags: number[] = [];
      const subscription = await bus.subscribeBatches(
        { groupId: `g-${randomUUID()}`, topics: [topic], fromBeginning: true, maxBatch: 1, onLag: (_topic, lag) => lags.push(lag) },
        async (messages) => void seen.push(...messages),
      );
      await eventually(() => expect(seen).toHaveLength(2), 20_000);
      await subscription.stop();
      expect(seen.map((m) => m.headers)).toEqual([{ 'x-request-id': 'req-1' }, {}]);
      expect(lags.length).toBeGreaterThan(0);
      expect(lags.every((lag) => lag >= 0 && lag <= 1)).toBe(true);
    }, 30_000);

    it('hands batches of at most maxBatch over in order, and resumes after the last committed batch', async () => {
      const topic = nextTopic();
      const groupId = `g-${randomUUID()}`;
      await bus.publish(
        topic,
        ['m1', 'm2', 'm3', 'm4', 'm5'].map((value) => ({ key: 'task-1', value })),
      );
      const batches: string[][] = [];
      const first = await bus.subscribeBatches({ groupId, topics: [topic], fromBeginning: true, maxBatch: 2 }, async (messages) => {
        batches.push(messages.map((m) => m.value));
      });
      await eventually(() => expect(batches.flat()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']), 20_000);
      await first.stop();
      expect(batches.every((batch) => batch.length >= 1 && batch.length <= 2)).toBe(true);
      await bus.publish(topic, [{ key: 'task-1', value: 'm6' }]);
      const later: string[] = [];
      const second = await bus.subscribeBatches({ groupId, topics: [topic], fromBeginning: true, maxBatch: 10 }, async (messages) => {
        later.push(...messages.map((m) => m.value));
      });
      await eventually(() => expect(later).toEqual(['m6']), 20_000);
      await second.stop();
    }, 45_000);

    it('when stopped amid a batch, commits what was handled: the group resumes at the first message not handled', async () => {
      const topic = nextTopic();
      const groupId = `g-${randomUUID()}`;
      await bus.publish(
        topic,
        ['m1', 'm2', 'm3', 'm4'].map((value) => ({ key: 'task-1', value })),
      );
      const seen: string[] = [];
      let open = () => {};
      const gate = new Promise<void>((resolve) => (open = resolve));
      const first = await bus.subscribeBatches({ groupId, topics: [topic], fromBeginning: true, maxBatch: 1 }, async ([message]) => {
        seen.push(message!.value);
        if (message!.value === 'm2') await gate;
      });
      await eventually(() => expect(seen).toContain('m2'), 20_000);
      const stopping = first.stop();
      open();
      await stopping;
      const handled = seen.length;
      const later: string[] = [];
      const second = await bus.subscribeBatches({ groupId, topics: [topic], fromBeginning: true, maxBatch: 10 }, async (messages) => {
        later.push(...messages.map((m) => m.value));
      });
      await eventually(() => expect([...seen.slice(0, handled), ...later]).toEqual(['m1', 'm2', 'm3', 'm4']), 20_000);
      await second.stop();
    }, 45_000);

    it('gives every consumer group every message', async () => {
      const topic = nextTopic();
      await bus.publish(topic, [{ key: 'k', value: 'v' }]);
      const first: IncomingMessage[] = [];
      const second: IncomingMessage[] = [];
      const a = await collect(topic, `g-${randomUUID()}`, first);
      const b = await collect(topic, `g-${randomUUID()}`, second);
      await eventually(() => {
        expect(first.map((m) => m.value)).toEqual(['v']);
        expect(second.map((m) => m.value)).toEqual(['v']);
      }, 20_000);
      await Promise.all([a.stop(), b.stop()]);
    }, 30_000);

    it('resumes a group after its committed offset', async () => {
      const topic = nextTopic();
      const groupId = `g-${randomUUID()}`;
      await bus.publish(topic, [{ key: 'k', value: 'one' }]);
      const firstRun: IncomingMessage[] = [];
      const first = await collect(topic, groupId, firstRun);
      await eventually(() => expect(firstRun).toHaveLength(1), 20_000);
      await first.stop();

      await bus.publish(topic, [{ key: 'k', value: 'two' }]);
      const secondRun: IncomingMessage[] = [];
      const second = await collect(topic, groupId, secondRun);
      await eventually(() => expect(secondRun.map((m) => m.value)).toEqual(['two']), 20_000);
      await second.stop();
    }, 40_000);

    it('delivers a message again when the handler fails, before any later one', async () => {
      const topic = nextTopic();
      await bus.publish(topic, [
        { key: 'k', value: 'first' },
        { key: 'k', value: 'second' },
      ]);
      let failures = 0;
      const seen: IncomingMessage[] = [];
      const failOnce = (m: IncomingMessage) => m.value === 'first' && failures === 0 && ++failures > 0;
      const subscription = await collect(topic, `g-${randomUUID()}`, seen, failOnce);
      await eventually(() => expect(seen.map((m) => m.value)).toEqual(['first', 'second']), 25_000);
      await subscription.stop();
      expect(failures).toBe(1);
    }, 40_000);

    it('tries a message again, in order, for as long as what its handler reaches is down, and dead-letters none of it', async () => {
      const topic = nextTopic();
      await bus.publish(topic, [
        { key: 'k', value: 'during' },
        { key: 'k', value: 'after' },
      ]);
      // Twice the tries a message it could never handle gets: an outage outlasts them.
      let failures = 0;
      const seen: IncomingMessage[] = [];
      const dead: IncomingMessage[] = [];
      const letters = await collect(deadLetterTopic, `g-${randomUUID()}`, dead);
      const subscription = await collect(topic, `g-${randomUUID()}`, seen, (m) => m.value === 'during' && ++failures <= 6);
      await eventually(() => expect(seen.map((m) => m.value)).toEqual(['during', 'after']), 25_000);
      expect(failures).toBe(7);
      expect(dead.filter((m) => m.headers['x-dead-letter-from']?.startsWith(`${topic}/`))).toEqual([]);
      await Promise.all([subscription.stop(), letters.stop()]);
    }, 40_000);

    it('sends a message its handler can never handle to the dead-letter topic, saying where from and why, and goes on', async () => {
      const topic = nextTopic();
      await bus.publish(topic, [
        { key: 'k', value: 'poison', headers: { 'x-request-id': 'req-1' } },
        { key: 'k', value: 'after' },
      ]);
      const seen: IncomingMessage[] = [];
      const dead: IncomingMessage[] = [];
      const letters = await collect(deadLetterTopic, `g-${randomUUID()}`, dead);
      const subscription = await collect(topic, `g-${randomUUID()}`, seen, (m) => m.value === 'poison', true);
      await eventually(() => expect(seen.map((m) => m.value)).toEqual(['after']), 25_000);
      await eventually(() => expect(dead.filter((m) => m.headers['x-dead-letter-from']?.startsWith(`${topic}/`))).toHaveLength(1), 25_000);
      const letter = dead.find((m) => m.headers['x-dead-letter-from']?.startsWith(`${topic}/`))!;
      expect(letter).toMatchObject({ key: 'k', value: 'poison' });
      expect(letter.headers).toMatchObject({ 'x-request-id': 'req-1', 'x-dead-letter-error': 'handler failed on purpose' });
      await Promise.all([subscription.stop(), letters.stop()]);
    }, 40_000);
  });
}
