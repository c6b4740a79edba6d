import { randomUUID } from 'node:crypto';
import type { KeyShare, Lease } from './key-share';

export interface LeasedWorkerOptions {
  /** Items worked on at once. */
  concurrency: number;
  /** Of `concurrency`, at most this many for one key: a slow receiver or provider holds only its own share. */
  perKeyConcurrency: number;
  /** How long a claimed item is this worker's: longer than its work can take. */
  leaseMs: number;
  /** How often the store is asked for due items when nothing wakes the worker. */
  pollIntervalMs: number;
  /** While work is under way, a claim waits for this many free slots: each claim is a write to the store. */
  claimBatch?: number;
}

/** What a leased worker works on: a store's due items, each of one key. */
export interface LeasedWork<T> {
  /** Leases due items to this worker, within each key's share (the store's claim applies it). */
  claim(lease: Required<Lease>): Promise<T[]>;
  keyOf(item: T): string;
  /** How the logs name an item (its id). */
  nameOf(item: T): string;
  /**
   * Works on one leased item; `free()` gives its slot to the next one early (the webhook is
   * answered, only its record waits), else the slot is free when the work settles. Its own
   * failures are its to handle: a rejection is logged and the lease left to run out.
   */
  run(item: T, free: () => void): Promise<void>;
}

/**
 * Works through a store's due items, several workers (processes) sharing the queue through
 * leases: none works on an item another holds, and one that dies mid-work leaves a lease that
 * runs out. Each key gets at most its share of the slots, applied inside the store's claim.
 */
export class LeasedWorker<T> {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private woken = false;
  private wake: (() => void) | null = null;
  /** Items whose slot is taken: at most `concurrency`. */
  private working = 0;
  /** Of those, how many of each key. */
  private readonly workingOn = new Map<string, number>();
  /** Slots kept for items being leased outside the loop (`leaseWith`). */
  private reserved = 0;

  constructor(
    private readonly work: LeasedWork<T>,
    private readonly deps: { clock: { now(): Date }; logger: Pick<Console, 'error'>; name: string; items: string },
    private readonly options: LeasedWorkerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** New items were stored, or some work ended: look for due items now. */
  notify(): void {
    this.woken = true;
    this.wake?.();
  }

  /** Stops claiming, and settles once the work under way has. */
  async stop(): Promise<void> {
    this.running = false;
    this.notify();
    await this.loop;
    await Promise.all(this.inFlight);
  }

  /**
   * Leases items outside the loop, as a store that leases what it stores does: `lease` is
   * given this worker's free slots (none once stopped) and each key's share, and what it
   * leased is worked on at once.
   */
  async leaseWith(lease: (lease: Required<Lease>) => Promise<T[]>): Promise<void> {
    const room = this.running ? this.freeSlots() : 0;
    this.reserved += room;
    try {
      this.startAll(await lease(this.lease(room)));
    } finally {
      this.reserved -= room;
    }
  }

  private async run(): Promise<void> {
    const batch = this.options.claimBatch ?? 1;
    while (this.running) {
      this.woken = false;
      const room = this.freeSlots();
      if (room > 0 && (room >= batch || this.working === 0)) this.startAll(await this.claim(room));
      await this.sleep();
    }
  }

  private freeSlots(): number {
    return Math.max(0, this.options.concurrency - this.working - this.reserved);
  }

  private lease(limit: number): Required<Lease> {
    const now = this.deps.clock.now().getTime();
    const share: KeyShare = {
      perKey: this.options.perKeyConcurrency,
      busy: Object.fromEntries(this.workingOn),
      deferUntil: now + this.options.pollIntervalMs,
    };
    return { token: randomUUID(), now, until: now + this.options.leaseMs, limit, share };
  }

  private async claim(limit: number): Promise<T[]> {
    try {
      return await this.work.claim(this.lease(limit));
    } catch (error) {
      this.deps.logger.error(`${this.deps.name}: cannot read due ${this.deps.items}, will retry:`, (error as Error).message);
      return [];
    }
  }

  private startAll(items: readonly T[]): void {
    for (const item of items) {
      const key = this.work.keyOf(item);
      this.working += 1;
      this.workingOn.set(key, (this.workingOn.get(key) ?? 0) + 1);
      let freed = false;
      const free = () => {
        if (freed) return;
        freed = true;
        this.working -= 1;
        const left = (this.workingOn.get(key) ?? 1) - 1;
        if (left > 0) this.workingOn.set(key, left);
        else this.workingOn.delete(key);
        this.notify();
      };
      const work = this.work
        .run(item, free)
        .catch((error: Error) =>
          this.deps.logger.error(`${this.deps.name}: ${this.work.nameOf(item)} not settled, its lease will run out:`, error.message),
        )
        .finally(() => {
          free();
          this.inFlight.delete(work);
        });
      this.inFlight.add(work);
    }
  }

  private sleep(): Promise<void> {
    if (this.woken || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), this.options.pollIntervalMs);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }
}
