import { DomainError } from '@delivery/contracts';
import { HashingSlots } from './hashing-slots';

describe('HashingSlots', () => {
  it('runs at most the given number at once, queues the next ones, and refuses past the queue', async () => {
    const slots = new HashingSlots({ concurrent: 2, waiting: 1 });
    let active = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const hash = () =>
      new Promise<number>((resolve) => {
        active += 1;
        most = Math.max(most, active);
        releases.push(() => {
          active -= 1;
          resolve(active);
        });
      });
    const started = [slots.run(hash), slots.run(hash), slots.run(hash)];
    await expect(slots.run(hash)).rejects.toBeInstanceOf(DomainError);
    expect(releases).toHaveLength(2);
    releases.shift()!();
    await started[0];
    // The queued one took the freed slot.
    await new Promise((resolve) => setImmediate(resolve));
    expect(releases).toHaveLength(2);
    for (const release of releases.splice(0)) release();
    await Promise.all(started);
    expect(most).toBe(2);
    await expect(slots.run(async () => 'free again')).resolves.toBe('free again');
  });
});
