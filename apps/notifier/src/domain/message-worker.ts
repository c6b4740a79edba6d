import { randomUUID } from 'node:crypto';
import type { Message } from './message';
import { sendMessage, type SendMessageDeps } from './send-message';

export interface MessageWorkerOptions {
  /** Messages being sent at once. */
  concurrency: number;
  /** How long a claimed message is this worker's: longer than a send can take. */
  leaseMs: number;
  /** How often the store is asked for due messages when nothing wakes the worker. */
  pollIntervalMs: number;
  /** Of `concurrency`, at most this many for one account: a slow provider of one account holds only its own share. */
  perAccountConcurrency: number;
}

/**
 * Sends due messages, several workers (processes) sharing the queue through leases in the
 * store: none sends a message another holds, and one that dies mid-send leaves a lease that
 * runs out (the message, marked as begun, is then recorded `unknown`, not sent again).
 */
export class MessageWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private woken = false;
  private wake: (() => void) | null = null;
  private readonly sendingFor = new Map<string, number>();

  constructor(
    private readonly deps: SendMessageDeps & { logger: Pick<Console, 'error'>; sent: () => void },
    private readonly options: MessageWorkerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** New messages were stored: look for due ones now. */
  notify(): void {
    this.woken = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.notify();
    await this.loop;
    await Promise.all(this.inFlight);
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      const room = this.options.concurrency - this.inFlight.size;
      if (room > 0) for (const message of await this.claim(room)) this.begin(message);
      await this.sleep();
    }
  }

  private async claim(limit: number): Promise<Message[]> {
    const now = this.deps.clock.now().getTime();
    try {
      return await this.deps.messages.claimDue(now, limit, randomUUID(), now + this.options.leaseMs);
    } catch (error) {
      this.deps.logger.error('notifier: cannot read due messages, will retry:', (error as Error).message);
      return [];
    }
  }

  private begin(message: Message): void {
    const busy = this.sendingFor.get(message.accountId) ?? 0;
    if (busy >= this.options.perAccountConcurrency) {
      this.putBack(message);
      return;
    }
    this.sendingFor.set(message.accountId, busy + 1);
    const work = sendMessage(message, this.deps)
      .then(() => this.deps.sent())
      .catch((error: Error) =>
        this.deps.logger.error(`notifier: message ${message.id} not settled, its lease will run out:`, error.message),
      )
      .finally(() => {
        const left = (this.sendingFor.get(message.accountId) ?? 1) - 1;
        if (left > 0) this.sendingFor.set(message.accountId, left);
        else this.sendingFor.delete(message.accountId);
        this.inFlight.delete(work);
        this.notify();
      });
    this.inFlight.add(work);
  }

  /** A message over its account's share goes back to the queue untried, due at the next look. */
  private putBack(message: Message): void {
    const now = this.deps.clock.now();
    const work = this.deps.messages
      .settle(
        message.id,
        message.leaseToken!,
        {
          status: 'pending',
          at: now.toISOString(),
          detail: 'waits: its account has its share of messages going out',
          retryAt: now.getTime() + this.options.pollIntervalMs,
        },
        [],
      )
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
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
