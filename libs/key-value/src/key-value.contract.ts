import { eventually } from '@delivery/testing';
import type { KeyValueStore } from './key-value';

/** The behaviour every KeyValueStore adapter must show; run against each adapter. */
export function describeKeyValueContract(name: string, make: () => Promise<KeyValueStore>, release?: () => Promise<void>) {
  describe(`KeyValueStore contract: ${name}`, () => {
    let store: KeyValueStore;
    let prefix = 0;
    const key = (k: string) => `contract:${prefix}:${k}`;

    beforeAll(async () => {
      store = await make();
    });
    afterAll(async () => {
      await store.close();
      await release?.();
    });
    beforeEach(() => {
      prefix += 1;
    });

    it('returns null for a missing key and the value for a stored one', async () => {
      expect(await store.get(key('a'))).toBeNull();
      await store.set(key('a'), 'one');
      expect(await store.get(key('a'))).toBe('one');
    });

    it('overwrites and deletes', async () => {
      await store.set(key('a'), 'one');
      await store.set(key('a'), 'two');
      expect(await store.get(key('a'))).toBe('two');
      await store.delete(key('a'));
      expect(await store.get(key('a'))).toBeNull();
    });

    it('forgets a value after its TTL', async () => {
      await store.set(key('short'), 'x', 60);
      await store.set(key('long'), 'y', 60_000);
      await new Promise((r) => setTimeout(r, 150));
      expect(await store.get(key('short'))).toBeNull();
      expect(await store.get(key('long'))).toBe('y');
    });

    it('sets if absent exactly once, also under concurrency', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.setIfAbsent(key('once'), `v${i}`, 10_000)));
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect(await store.get(key('once'))).toBe(`v${winner}`);
    });

    it('sets if absent again once the earlier value expired', async () => {
      expect(await store.setIfAbsent(key('exp'), 'first', 50)).toBe(true);
      await new Promise((r) => setTimeout(r, 120));
      expect(await store.setIfAbsent(key('exp'), 'second', 10_000)).toBe(true);
      expect(await store.get(key('exp'))).toBe('second');
    });

    it('increments by a given amount', async () => {
      expect(await store.increment(key('by'), 10_000, 5)).toBe(5);
      expect(await store.increment(key('by'), 10_000)).toBe(6);
    });

    it('increments atomically and keeps the first window', async () => {
      const counts = await Promise.all(Array.from({ length: 20 }, () => store.increment(key('n'), 10_000)));
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(await store.get(key('n'))).toBe('20');
    });

    it('restarts a counter after its window', async () => {
      await store.increment(key('w'), 60);
      await store.increment(key('w'), 60);
      await new Promise((r) => setTimeout(r, 150));
      expect(await store.increment(key('w'), 60)).toBe(1);
    });

    it('gives a counter that had no window the one asked for next', async () => {
      await store.increment(key('late'));
      expect(await store.increment(key('late'), 60)).toBe(2);
      await eventually(async () => expect(await store.get(key('late'))).toBeNull(), 5_000);
    });

    it('limits a key to its points per window, blocks it when asked, and forgets it on delete', async () => {
      const limiter = store.rateLimiter({ keyPrefix: key('limit'), points: 3, durationSeconds: 60 });
      for (const left of [2, 1, 0]) expect((await limiter.consume('app-1')).remainingPoints).toBe(left);
      const refused = await limiter.consume('app-1').catch((answer: unknown) => answer);
      expect(refused).toMatchObject({ remainingPoints: 0 });
      expect((refused as { msBeforeNext: number }).msBeforeNext).toBeGreaterThan(50_000);
      expect((await limiter.consume('app-2')).remainingPoints).toBe(2);
      await limiter.delete('app-1');
      expect((await limiter.consume('app-1')).remainingPoints).toBe(2);

      const blocking = store.rateLimiter({ keyPrefix: key('block'), points: 1, durationSeconds: 1, blockSeconds: 120 });
      await blocking.consume('client', 1);
      const blocked = await blocking.consume('client').catch((answer: { msBeforeNext: number }) => answer);
      expect(blocked.msBeforeNext).toBeGreaterThan(100_000);
    });
  });
}
