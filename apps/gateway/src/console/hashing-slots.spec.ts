import { DomainError } from '@delivery/contracts';
import { HashingSlots } from './hashing-slots';

/** A hash the test finishes by hand, recording the order they started in. */
function controlledHashes() {
  const started: string[] = [];
  const finishers: (() => void)[] = [];
  const hash = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finishers.push(() => resolve(name));
    });
  const finishOldest = async () => {
    finishers.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, hash, finishOldest };
}

describe('HashingSlots', () => {
  it('runs at most the given number at once, and refuses past the waiting limits without hashing', async () => {
    const slots = new HashingSlots({ concurrent: 2, waiting: 3, waitingPerSource: 2 });
    const { started, hash, finishOldest } = controlledHashes();
    const all = [slots.run('a', hash('a1')), slots.run('a', hash('a2')), slots.run('a', hash('a3')), slots.run('a', hash('a4'))];
    await expect(slots.run('a', hash('a5'))).rejects.toBeInstanceOf(DomainError);
    const b = slots.run('b', hash('b1'));
    await expect(slots.run('c', hash('c1'))).rejects.toBeInstanceOf(DomainError);
    expect(started).toEqual(['a1', 'a2']);
    for (let i = 0; i < 5; i++) await finishOldest();
    await Promise.all([...all, b]);
    expect(started).toEqual(['a1', 'a2', 'a3', 'b1', 'a4']);
    await expect(slots.run('c', async () => 'free again')).resolves.toBe('free again');
  });

  it('serves sources in turn: one arriving behind a flood waits for one hash per other source', async () => {
    const slots = new HashingSlots({ concurrent: 1, waiting: 32, waitingPerSource: 2 });
    const { started, hash, finishOldest } = controlledHashes();
    const flood = [slots.run('flood', hash('f1')), slots.run('flood', hash('f2')), slots.run('flood', hash('f3'))];
    const user = slots.run('user', hash('user'));
    await finishOldest();
    await finishOldest();
    expect(started).toEqual(['f1', 'f2', 'user']);
    await finishOldest();
    await finishOldest();
    await Promise.all([...flood, user]);
  });

  it('serves a known device before every source, within limits of its own lane', async () => {
    const slots = new HashingSlots({ concurrent: 1, waiting: 2, waitingPerSource: 1 });
    const { started, hash, finishOldest } = controlledHashes();
    // Rotating addresses: a source each, until the queue is full.
    const flood = ['r1', 'r2', 'r3'].map((source) => slots.run(source, hash(source)));
    await expect(slots.run('r4', hash('r4'))).rejects.toBeInstanceOf(DomainError);
    const known = slots.run('device', hash('known'), true);
    // A device has the waiting limits of its own lane: it cannot fill it either.
    await expect(slots.run('device', hash('again'), true)).rejects.toBeInstanceOf(DomainError);
    await finishOldest();
    expect(started).toEqual(['r1', 'known']);
    for (let i = 0; i < 3; i++) await finishOldest();
    await Promise.all([...flood, known]);
    expect(started).toEqual(['r1', 'known', 'r2', 'r3']);
  });
});
