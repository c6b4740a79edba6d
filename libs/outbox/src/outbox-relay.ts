import { inTrace } from '@delivery/observability/tracing';
import { randomUUID } from 'node:crypto';
import type { EventBus, OutgoingMessage } from '@delivery/event-bus';
import type { OutboxEntry, OutboxStore } from './outbox';

export interface OutboxRelayOptions {
  /** How often the outbox is read when nothing calls `notify`. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Longest pause between tries while the bus is down. */
  maxBackoffMs?: number;
  onError?: (error: unknown) => void;
  /**
   * How long a relay's lead lasts unless renewed: of several relays over one store only the
   * leader publishes, and another takes over this long after the leader stops renewing, plus
   * half of it (a follower asks no more often).
   */
  leadMs?: number;
  /**
   * The longest one publish to the bus can take (the Kafka bus's `MAX_SEND_MS`): before each
   * publish the lead is renewed unless at least this much of it is left, so a publish that
   * runs its full course still ends within the lead.
   */
  sendBoundMs?: number;
  /** Told at each read what waits: how many entries (at most a batch) and when the oldest occurred. */
  observe?: (read: { pending: number; oldestOccurredAt: Date | null }) => void;
  /** Told whether this relay leads, each time it asks the store and when it stops: which replica publishes. */
  observeLead?: (leads: boolean) => void;
}

/** How long a relay's lead lasts by default: a paused leader is replaced within this (and half of it). */
export const DEFAULT_OUTBOX_LEAD_MS = 20_000;

/** The relay's lead lapsed, or another relay took it, between reading a batch and publishing it. */
class LeadLost extends Error {
  constructor() {
    super('this relay no longer leads its outbox');
  }
}

/**
 * The entry as a message: the request that caused the event as the `x-request-id` header, for
 * consumers' logs, and, when traced, its traceparent (a Kafka send's own span replaces it with its child).
 */
function toMessage(entry: OutboxEntry): OutgoingMessage {
  const headers = { ...(entry.requestId && { 'x-request-id': entry.requestId }), ...(entry.trace && { traceparent: entry.trace }) };
  return Object.keys(headers).length > 0 ? { key: entry.key, value: entry.value, headers } : { key: entry.key, value: entry.value };
}

/**
 * Moves committed outbox entries to the bus, in order, and marks them published only
 * after the bus accepted them: while the broker is down entries wait, never vanish.
 * A crash between publish and mark re-publishes; consumers dedupe on the event id.
 * With several relays over one store (replicas), only the one that leads it publishes.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Every drain, the notified ones and `flush`'s, runs after the one before: two at once would publish the same entries. */
  private drains: Promise<void> = Promise.resolve();
  private again = false;
  private stopped = true;
  private backoffMs = 0;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxBackoffMs: number;
  private readonly leadMs: number;
  private readonly relayId = randomUUID();
  private readonly sendBoundMs: number;
  /** Until when this relay surely leads (its own clock). */
  private ledUntil = 0;
  /** A follower asks for the lead again no sooner than this (its own clock): a refused ask is a write to the store. */
  private followUntil = 0;

  constructor(
    private readonly outbox: OutboxStore,
    private readonly bus: EventBus,
    private readonly options: OutboxRelayOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.batchSize = options.batchSize ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.leadMs = options.leadMs ?? DEFAULT_OUTBOX_LEAD_MS;
    this.sendBoundMs = options.sendBoundMs ?? 15_000;
  }

  start(): void {
    this.stopped = false;
    this.notify();
  }

  /** Called after a commit that wrote outbox entries, so they go out without waiting for the poll. */
  notify(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.drainInTurn().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again && this.backoffMs === 0) {
        this.again = false;
        this.notify();
      } else {
        this.again = false;
        this.timer = setTimeout(() => this.notify(), this.backoffMs || this.pollIntervalMs);
        this.timer.unref();
      }
    });
  }

  /** Publishes everything pending now; for shutdown and tests. */
  flush(): Promise<void> {
    return this.drainInTurn();
  }

  /** Stops, and gives the lead up so another relay takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.drains;
    this.ledUntil = 0;
    this.options.observeLead?.(false);
    await this.outbox.lead(this.relayId, 0).catch((error: unknown) => this.options.onError?.(error));
  }

  /**
   * Whether this relay leads its store with room for a publish: asks the store (one write)
   * when less than a publish's bound of its lead is left. A follower refused asks again only
   * once the other's lead can have lapsed.
   */
  private async leads(): Promise<boolean> {
    const now = Date.now();
    if (now < this.ledUntil - this.sendBoundMs) return true;
    if (this.ledUntil === 0 && now < this.followUntil) return false;
    const lead = await this.outbox.lead(this.relayId, this.leadMs);
    this.ledUntil = lead.led ? now + this.leadMs : 0;
    this.followUntil = lead.led ? 0 : Math.min(lead.heldUntil, now + this.leadMs);
    this.options.observeLead?.(lead.led);
    return lead.led;
  }

  private drainInTurn(): Promise<void> {
    this.drains = this.drains.then(() => this.drain());
    return this.drains;
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        if (!(await this.leads())) break;
        const batch = await this.outbox.pending(this.batchSize);
        const occurredAt = batch[0]?.occurredAt;
        this.options.observe?.({ pending: batch.length, oldestOccurredAt: occurredAt ? new Date(occurredAt) : null });
        if (batch.length === 0) break;
        await this.publishInOrder(batch);
        await this.outbox.markPublished(batch.map((entry) => entry.id));
        if (batch.length < this.batchSize) break;
      }
      this.backoffMs = 0;
    } catch (error) {
      if (error instanceof LeadLost) return;
      this.backoffMs = Math.min(Math.max(this.backoffMs * 2, 100), this.maxBackoffMs);
      this.options.onError?.(error);
    }
  }

  /**
   * Publishes the batch in runs of one topic and one trace, in order: each run within the
   * trace of the request that wrote it, so its publish (and each consumer's handling, its
   * child) joins that trace across the outbox's delay. Untraced entries make one run.
   */
  private async publishInOrder(batch: readonly OutboxEntry[]): Promise<void> {
    let run: OutboxEntry[] = [];
    // Each publish starts only while this relay leads with room for it: a relay paused past its lead stops here.
    const publish = async () => {
      if (!(await this.leads())) throw new LeadLost();
      await inTrace(run[0]!.trace, () => this.bus.publish(run[0]!.topic, run.map(toMessage)));
    };
    for (const entry of batch) {
      if (run.length > 0 && (run[0]!.topic !== entry.topic || run[0]!.trace !== entry.trace)) {
        await publish();
        run = [];
      }
      run.push(entry);
    }
    if (run.length > 0) await publish();
  }
}
