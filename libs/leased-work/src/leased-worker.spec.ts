import { eventually } from '@delivery/testing';
import { ShareCounter, type Lease } from './key-share';
import { LeasedWorker } from './leased-worker';

interface Item {
  id: string;
  key: string;
}

/** A queue as a store keeps one: due items leased within each key's share, the rest left for later. */
function aQueue(items: Item[]) {
  const waiting = [...items];
  const claims: Required<Lease>[] = [];
  return {
    claims,
    waiting,
    claim: async (lease: Required<Lease>) => {
      claims.push(lease);
      const shares = new ShareCounter(lease.share);
      const leased: Item[] = [];
      for (const item of [...waiting]) {
        if (leased.length >= lease.limit) break;
        if (!shares.take(item.key)) continue;
        leased.push(item);
        waiting.splice(waiting.indexOf(item), 1);
      }
      return leased;
    },
  };
}

const clock = { now: () => new Date() };
const items = (key: string, n: number) => Array.from({ length: n }, (_, i) => ({ id: `${key}-${i}`, key }));

describe('LeasedWorker', () => {
  it('works on at most its concurrency, each key within its share, and the next as soon as a slot is free', async () => {
    const queue = aQueue([...items('slow', 5), ...items('quick', 3)]);
    const running = new Map<string, () => void>();
    let most = 0;
    const worker = new LeasedWorker<Item>(
      {
        claim: queue.claim,
        keyOf: (item) => item.key,
        nameOf: (item) => item.id,
        run: (item) =>
          new Promise<void>((done) => {
            running.set(item.id, done);
            most = Math.max(most, running.size);
          }).finally(() => running.delete(item.id)),
      },
      { clock, logger: { error: () => undefined }, name: 'test', items: 'items' },
      { concurrency: 3, perKeyConcurrency: 2, leaseMs: 60_000, pollIntervalMs: 10_000 },
    );
    worker.start();
    try {
      // Two of the slow key's (its share) and one of the quick key's.
      await eventually(() => expect([...running.keys()].sort()).toEqual(['quick-0', 'slow-0', 'slow-1']));
      running.get('quick-0')!();
      await eventually(() => expect(running.has('quick-1')).toBe(true));
      // What that claim was told: the one free slot, and the slow key's share all at work.
      expect(queue.claims.at(-1)).toMatchObject({ limit: 1, share: { perKey: 2, busy: { slow: 2 } } });
      await eventually(() => {
        for (const done of running.values()) done();
        expect(queue.waiting).toEqual([]);
        expect(running.size).toBe(0);
      });
      expect(most).toBe(3);
    } finally {
      for (const done of running.values()) done();
      await worker.stop();
    }
  });

  it('gives a slot back early when the work says so, and settles its stop after the work under way', async () => {
    const queue = aQueue(items('one', 2));
    const finishers: (() => void)[] = [];
    const recorded: string[] = [];
    const worker = new LeasedWorker<Item>(
      {
        claim: queue.claim,
        keyOf: (item) => item.key,
        nameOf: (item) => item.id,
        run: async (item, free) => {
          free();
          // Only the bookkeeping waits: the next item is worked on meanwhile.
          await new Promise<void>((done) => finishers.push(done));
          recorded.push(item.id);
        },
      },
      { clock, logger: { error: () => undefined }, name: 'test', items: 'items' },
      { concurrency: 1, perKeyConcurrency: 1, leaseMs: 60_000, pollIntervalMs: 10_000 },
    );
    worker.start();
    await eventually(() => expect(queue.waiting).toEqual([]));
    const stopped = worker.stop();
    let settled = false;
    void stopped.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    for (const finish of finishers) finish();
    await stopped;
    expect(recorded).toHaveLength(2);
  });

  it('logs a claim that fails and claims again; a failed work is logged, its slot freed', async () => {
    const errors: string[] = [];
    let failing = true;
    const queue = aQueue(items('k', 2));
    const done: string[] = [];
    const worker = new LeasedWorker<Item>(
      {
        claim: async (lease) => {
          if (failing) {
            failing = false;
            throw new Error('store unreachable');
          }
          return queue.claim(lease);
        },
        keyOf: (item) => item.key,
        nameOf: (item) => item.id,
        run: async (item) => {
          if (item.id === 'k-0') throw new Error('provider down');
          done.push(item.id);
        },
      },
      { clock, logger: { error: (...parts: unknown[]) => errors.push(parts.join(' ')) }, name: 'test', items: 'items' },
      { concurrency: 1, perKeyConcurrency: 1, leaseMs: 60_000, pollIntervalMs: 5 },
    );
    worker.start();
    try {
      await eventually(() => expect(done).toEqual(['k-1']));
      expect(errors).toEqual([
        'test: cannot read due items, will retry: store unreachable',
        'test: k-0 not settled, its lease will run out: provider down',
      ]);
    } finally {
      await worker.stop();
    }
  });

  it('leases outside its loop only into its free slots, and none once stopped', async () => {
    const queue = aQueue([]);
    const finishers: (() => void)[] = [];
    const worker = new LeasedWorker<Item>(
      {
        claim: queue.claim,
        keyOf: (item) => item.key,
        nameOf: (item) => item.id,
        run: () => new Promise<void>((done) => finishers.push(done)),
      },
      { clock, logger: { error: () => undefined }, name: 'test', items: 'items' },
      { concurrency: 4, perKeyConcurrency: 4, leaseMs: 60_000, pollIntervalMs: 10_000 },
    );
    const limits: number[] = [];
    await worker.leaseWith(async (lease) => (limits.push(lease.limit), []));
    worker.start();
    await worker.leaseWith(async (lease) => (limits.push(lease.limit), items('a', 3)));
    await worker.leaseWith(async (lease) => (limits.push(lease.limit), []));
    expect(limits).toEqual([0, 4, 1]);
    const stopped = worker.stop();
    for (const finish of finishers) finish();
    await stopped;
    expect(await worker.leaseWith(async (lease) => (limits.push(lease.limit), []))).toBeUndefined();
    expect(limits.at(-1)).toBe(0);
  });
});
