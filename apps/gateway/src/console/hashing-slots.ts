import { DomainError } from '@delivery/contracts';

/**
 * Password hashes (scrypt) run on libuv's small thread pool; a flood of sign-ins would queue
 * every other use of it behind them. At most `concurrent` hashes run at once and `waiting`
 * wait; past that a sign-in is refused at once, before any hashing, and asked to retry.
 */
export class HashingSlots {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limits: { concurrent: number; waiting: number } = { concurrent: 2, waiting: 32 }) {}

  async run<T>(hash: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrent) {
      if (this.queue.length >= this.limits.waiting) {
        throw new DomainError('RATE_LIMITED', 'Too many sign-ins are being checked right now; retry in a second');
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await hash();
    } finally {
      // The slot passes straight to the next waiter, so `running` counts it still.
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
