import { availableParallelism } from 'node:os';
import { DomainError } from '@delivery/contracts';

export interface HashingLimits {
  /** Hashes running at once. */
  concurrent: number;
  /** Sign-ins waiting for a slot, in all. */
  waiting: number;
  /** Of those, from one source: a flood from one address cannot fill the queue. */
  waitingPerSource: number;
}

/**
 * Password hashes (scrypt) run on libuv's small thread pool; a flood of sign-ins would queue
 * every other use of it behind them. At most `concurrent` hashes run at once; the others
 * wait in one queue per source (the caller's address), served in turn, so a sign-in from
 * an address of its own waits for at most one hash per other waiting source, not behind
 * the whole flood. Past the waiting limits a sign-in is refused at once, before any hashing.
 * A sign-in from a known device (`first`, its source the device) goes ahead of every other
 * source: it waits for the hashes running, never behind a flood. Only a right password makes
 * a device known, so no stranger can use that lane, and it has the same limits, of its own,
 * so no user flooding from their own devices can hold it either.
 */
export class HashingSlots {
  private running = 0;
  private readonly queues = new Map<string, (() => void)[]>();
  private readonly firstLane: { source: string; resume: () => void }[] = [];
  private waitingCount = 0;

  // Half the cores: a flood of sign-ins never takes the CPU the event loop answers every other call with.
  constructor(
    private readonly limits: HashingLimits = {
      concurrent: Math.max(1, Math.floor(availableParallelism() / 2)),
      waiting: 32,
      waitingPerSource: 2,
    },
  ) {}

  async run<T>(source: string, hash: () => Promise<T>, first = false): Promise<T> {
    if (this.running >= this.limits.concurrent && first) {
      const mine = this.firstLane.filter((waiting) => waiting.source === source).length;
      if (this.firstLane.length >= this.limits.waiting || mine >= this.limits.waitingPerSource) {
        throw new DomainError('RATE_LIMITED', 'Too many sign-ins are being checked right now; retry in a second');
      }
      await new Promise<void>((resume) => this.firstLane.push({ source, resume }));
    } else if (this.running >= this.limits.concurrent) {
      const queue = this.queues.get(source) ?? [];
      if (this.waitingCount >= this.limits.waiting || queue.length >= this.limits.waitingPerSource) {
        throw new DomainError('RATE_LIMITED', 'Too many sign-ins are being checked right now; retry in a second');
      }
      this.queues.set(source, queue);
      this.waitingCount += 1;
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await hash();
    } finally {
      this.passSlot();
    }
  }

  /** The slot goes straight to the next source in turn (so `running` counts it still), or is freed. */
  private passSlot(): void {
    const first = this.firstLane.shift();
    if (first) return first.resume();
    const next = this.queues.entries().next();
    if (next.done) {
      this.running -= 1;
      return;
    }
    const [source, queue] = next.value;
    const waiter = queue.shift()!;
    // The source goes to the back of the turn, or leaves it when it has no one waiting.
    this.queues.delete(source);
    if (queue.length > 0) this.queues.set(source, queue);
    this.waitingCount -= 1;
    waiter();
  }
}
