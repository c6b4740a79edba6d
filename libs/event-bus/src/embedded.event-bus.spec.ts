import { randomUUID } from 'node:crypto';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { eventually, tempDataDir } from '@delivery/testing';
import { EmbeddedEventBus } from './embedded.event-bus';
import type { IncomingMessage } from './event-bus';
import { CONTRACT_HANDLING, describeEventBusContract } from './event-bus.contract';

const dir = tempDataDir('bus-');
const store = openEmbeddedStore(dir.path);

describeEventBusContract(
  'embedded',
  async () => ({
    bus: new EmbeddedEventBus(store, { pollIntervalMs: 20, handling: { ...CONTRACT_HANDLING, deadLetterTopic: 'dead-letters' } }),
    topic: () => `topic-${randomUUID()}`,
    deadLetterTopic: 'dead-letters',
  }),
  async () => {
    await store.close();
    dir.remove();
  },
);

describe('EmbeddedEventBus durability', () => {
  it('keeps published messages and committed offsets across a reopen', async () => {
    const path = tempDataDir('bus-reopen-');
    const first = openEmbeddedStore(path.path);
    const bus = new EmbeddedEventBus(first, { pollIntervalMs: 20 });
    await bus.publish('t', [{ key: 'k', value: 'before' }]);
    const seen: IncomingMessage[] = [];
    const sub = await bus.subscribe({ groupId: 'g', topics: ['t'], fromBeginning: true }, async (m) => void seen.push(m));
    await eventually(() => expect(seen).toHaveLength(1));
    await sub.stop();
    await bus.publish('t', [{ key: 'k', value: 'while away' }]);
    await first.close();

    const second = openEmbeddedStore(path.path);
    const again: IncomingMessage[] = [];
    const reopened = new EmbeddedEventBus(second, { pollIntervalMs: 20 });
    const sub2 = await reopened.subscribe({ groupId: 'g', topics: ['t'] }, async (m) => void again.push(m));
    await eventually(() => expect(again.map((m) => m.value)).toEqual(['while away']));
    await sub2.stop();
    await second.close();
    path.remove();
  });
});
