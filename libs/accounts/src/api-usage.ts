import type { Clock } from '@delivery/clock';
import type { KeyValueStore } from '@delivery/key-value';

const HOUR_MS = 60 * 60 * 1000;
const HOURS_KEPT = 24;
const KINDS = ['requests', 'errors', 'rate_limited'] as const;
type Kind = (typeof KINDS)[number];

export type UsageCounts = Record<Kind, number>;

/** How often counts gathered in this process are added to the shared store. */
export const USAGE_FLUSH_MS = 2_000;

/**
 * Each app's calls, answers of 400 and above, and 429s, per hour, kept for a day in the
 * key-value store that every gateway shares. A call only adds to a count in this process;
 * the counts go to the store every USAGE_FLUSH_MS, one increment per app, hour and kind,
 * so counting costs no store write per call. A crash loses at most that long of counts.
 */
export class ApiUsage {
  private pending = new Map<string, number>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly kv: KeyValueStore,
    private readonly clock: Clock,
    private readonly logger: Pick<Console, 'error'>,
  ) {
    this.timer = setInterval(() => void this.flush(), USAGE_FLUSH_MS);
    this.timer.unref();
  }

  record(clientId: string, status: number): void {
    const hour = hourOf(this.clock.now().getTime());
    this.add(keyOf(clientId, hour, 'requests'));
    if (status >= 400) this.add(keyOf(clientId, hour, 'errors'));
    if (status === 429) this.add(keyOf(clientId, hour, 'rate_limited'));
  }

  private add(key: string): void {
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  /** Adds what was counted since the last flush; one flush at a time, so `close` can wait for the one under way. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.addPending());
    return this.flushing;
  }

  private async addPending(): Promise<void> {
    const counts = this.pending;
    this.pending = new Map();
    try {
      await Promise.all([...counts].map(([key, by]) => this.kv.increment(key, (HOURS_KEPT + 1) * HOUR_MS, by)));
    } catch (error) {
      this.logger.error('API usage not counted:', error);
    }
  }

  lastDay(clientId: string): Promise<UsageCounts> {
    return lastDayUsage(this.kv, clientId, this.clock.now());
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

/** An app's last 24 hours, this one included, as the store has them (up to USAGE_FLUSH_MS behind the gateways). */
export async function lastDayUsage(kv: Pick<KeyValueStore, 'get'>, clientId: string, now: Date): Promise<UsageCounts> {
  const thisHour = hourOf(now.getTime());
  const hours = Array.from({ length: HOURS_KEPT }, (_, i) => thisHour - i);
  const [requests, errors, rateLimited] = await Promise.all(
    KINDS.map(async (kind) => {
      const values = await Promise.all(hours.map((hour) => kv.get(keyOf(clientId, hour, kind))));
      return values.reduce((sum, value) => sum + Number(value ?? 0), 0);
    }),
  );
  return { requests: requests!, errors: errors!, rate_limited: rateLimited! };
}

const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);
const keyOf = (clientId: string, hour: number, kind: Kind) => `api-usage:${clientId}:${hour}:${kind}`;
