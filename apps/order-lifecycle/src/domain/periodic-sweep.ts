/**
 * Runs a sweep over the task store on an interval, one at a time. The work's state lives
 * in the store and each change is a conditional (versioned) update, so a restart loses
 * nothing and several instances sweeping at once change each task exactly once.
 */
export class PeriodicSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly name: string,
    private readonly work: () => Promise<number>,
    private readonly intervalMs: number,
    private readonly logger: Pick<Console, 'error'>,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(), this.intervalMs);
    this.timer.unref();
  }

  /** One sweep now, after the one under way; for tests and operators. Resolves with how many tasks it changed. */
  sweep(): Promise<number> {
    const next = this.running
      .then(() => this.work())
      .catch((error: unknown) => {
        this.logger.error(`${this.name} sweep failed:`, error);
        return 0;
      });
    this.running = next;
    return next;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
