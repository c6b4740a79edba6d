import { signingSecretsAt, type WebhookEndpoint } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { signWebhook } from '@delivery/webhooks';
import { LeasedWorker } from '@delivery/leased-work';
import type { AttemptRecord, Delivery, DeliveryRepository, NewDelivery, WebhookEndpoints } from '@delivery/webhook-deliveries';
import type { HostBudget } from '@delivery/outbound';
import type { AccessTokens } from '../ports/access-tokens';
import type { SendResult, WebhookSender } from '../ports/webhook-sender';
import { credentialHeaders } from './credential-headers';
import { outcomeOf, type Outcome } from './delivery-outcome';
import type { RetryPolicy } from './retry-policy';

/** How long a try's record waits for others to share its write. */
const RECORD_GATHER_MS = 5;
export interface DeliveryWorkerDeps {
  deliveries: DeliveryRepository;
  endpoints: WebhookEndpoints;
  sender: WebhookSender;
  /** Tokens of endpoints that authenticate with OAuth 2.0. */
  tokens: AccessTokens;
  /** Each account's requests a minute to one host: a webhook over it waits, untried, for its lease to run out. */
  hostBudget: Pick<HostBudget, 'take'>;
  clock: Clock;
  policy: RetryPolicy;
  logger: Pick<Console, 'error'>;
  /** Told of each try's outcome (delivered, retry, failed, dead), for metrics. */
  onAttempt?: (outcome: string) => void;
}

export interface DeliveryWorkerOptions {
  /** Webhooks in flight at once. */
  concurrency: number;
  /** Webhooks in flight at once to one endpoint: its share, so a slow endpoint holds no more. */
  perEndpointConcurrency: number;
  /** How long a claimed delivery is this worker's; longer than a try can take. */
  leaseMs: number;
  /** How often the store is asked for due retries when nothing wakes the worker. */
  pollIntervalMs: number;
}

/**
 * Sends due deliveries and records every try. Deliveries are leased in the store, so
 * several workers (processes) share the work and none sends a message another is sending;
 * a worker that dies mid-try leaves a lease that runs out, and the try is made again. A
 * new delivery is leased as it is stored, so it goes out without waiting for a claim.
 */
export class DeliveryWorker {
  private readonly worker: LeasedWorker<Delivery>;
  private readonly unrecorded: { record: AttemptRecord; settle: (recorded: boolean) => void; fail: (error: unknown) => void }[] = [];
  private recording: Promise<void> | null = null;

  constructor(
    private readonly deps: DeliveryWorkerDeps,
    options: DeliveryWorkerOptions,
  ) {
    const { concurrency, perEndpointConcurrency, leaseMs, pollIntervalMs } = options;
    this.worker = new LeasedWorker(
      {
        claim: ({ now, limit, token, until, share }) => deps.deliveries.claimDue(now, limit, token, until, share),
        keyOf: (delivery) => delivery.endpointId,
        nameOf: (delivery) => `delivery ${delivery.id}`,
        run: (delivery, free) => this.deliver(delivery, free),
      },
      { clock: deps.clock, logger: deps.logger, name: 'webhook dispatcher', items: 'deliveries' },
      // Each claim is a write to the store: claim in batches, not one per finished try.
      { concurrency, perKeyConcurrency: perEndpointConcurrency, leaseMs, pollIntervalMs, claimBatch: Math.ceil(concurrency / 4) },
    );
  }

  start(): void {
    this.worker.start();
  }

  /** New deliveries were stored, or a try ended: look for due work now. */
  notify(): void {
    this.worker.notify();
  }

  /**
   * Stores new deliveries. Those first in line for their endpoint and task are leased to
   * this worker as they are stored, as many as it has free slots, and sent at once.
   */
  async add(fresh: readonly NewDelivery[]): Promise<void> {
    await this.worker.leaseWith(async (lease) => {
      const { added, leased } = await this.deps.deliveries.addAll(fresh, lease);
      // Those left waiting behind another, or beyond the free slots, are claimed when due.
      if (added > leased.length) this.worker.notify();
      return leased;
    });
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  private async deliver(delivery: Delivery, free: () => void): Promise<void> {
    try {
      // The slot is free once the receiver has answered; recording the try may take longer.
      const outcome = await this.attempt(delivery).finally(free);
      if (outcome === 'postponed') {
        // Not a try: the lease is left to run out, and the delivery (with those behind it) comes due again.
        this.deps.onAttempt?.('postponed');
        return;
      }
      this.deps.onAttempt?.(outcome.next.status === 'pending' ? 'retry' : outcome.next.status);
      if (outcome.disableEndpoint) {
        const reason = `answered 410 Gone to ${delivery.id}`;
        await this.deps.endpoints.setWebhookEndpointDisabled(delivery.endpointId, { at: outcome.attempt.at, reason });
      }
      const recorded = await this.record({
        id: delivery.id,
        endpointId: delivery.endpointId,
        taskId: delivery.taskId,
        token: delivery.leaseToken!,
        attempt: outcome.attempt,
        next: outcome.next,
      });
      if (!recorded) this.deps.logger.error(`webhook dispatcher: the lease on ${delivery.id} ran out before its try was recorded`);
    } catch (error) {
      // The lease runs out and the delivery is tried again: nothing is lost.
      this.deps.logger.error(`webhook dispatcher: try of ${delivery.id} not recorded:`, (error as Error).message);
    }
  }

  /**
   * Tries that end within a few milliseconds of each other, or while the store is writing,
   * are recorded together, in one write: the webhook is sent already, only its bookkeeping
   * waits, and the store's load is a write per batch rather than per try.
   */
  private record(record: AttemptRecord): Promise<boolean> {
    return new Promise((settle, fail) => {
      this.unrecorded.push({ record, settle, fail });
      this.recording ??= new Promise((gathered) => setTimeout(gathered, RECORD_GATHER_MS)).then(() => this.recordWaiting());
    });
  }

  private async recordWaiting(): Promise<void> {
    while (this.unrecorded.length > 0) {
      const batch = this.unrecorded.splice(0);
      try {
        const recorded = await this.deps.deliveries.recordAttempts(batch.map((b) => b.record));
        batch.forEach((b, i) => b.settle(recorded[i]!));
      } catch (error) {
        for (const b of batch) b.fail(error);
      }
    }
    this.recording = null;
  }

  private async attempt(delivery: Delivery): Promise<Outcome | 'postponed'> {
    const endpoint = await this.deps.endpoints.getWebhookEndpoint(delivery.endpointId);
    if (!endpoint || endpoint.disabledAt !== null) return this.notSent(endpoint);
    if (!(await this.deps.hostBudget.take(delivery.accountId, endpoint.url)).ok) return 'postponed';
    return this.send(delivery, endpoint);
  }

  private async send(delivery: Delivery, endpoint: WebhookEndpoint): Promise<Outcome> {
    let result = await this.post(delivery, endpoint);
    if (result.kind === 'response' && result.statusCode === 401 && endpoint.credentials.kind === 'oauth2') {
      // The receiver refused its token (revoked, or expired early): once more with a fresh one.
      void this.deps.tokens.forget(endpoint.id);
      result = await this.post(delivery, endpoint);
    }
    return outcomeOf(result, delivery.triesInRound + 1, this.deps.policy, this.deps.clock.now().getTime());
  }

  private async post(delivery: Delivery, endpoint: WebhookEndpoint): Promise<SendResult> {
    let credentials: Record<string, string>;
    try {
      credentials = await credentialHeaders(endpoint, this.deps.tokens);
    } catch (error) {
      // No token, no webhook: a failed try like a broken connection, retried on the schedule.
      return { kind: 'error', latencyMs: 0, error: (error as Error).message };
    }
    const now = this.deps.clock.now();
    const headers = {
      ...credentials,
      'content-type': 'application/json',
      'user-agent': 'delivery-orchestration-webhooks/1',
      ...signWebhook(delivery.id, now, delivery.body, signingSecretsAt(endpoint, now)),
    };
    // In the trace of the request behind the event: the POST's span, and its traceparent to the receiver.
    return this.deps.sender.send({ url: endpoint.url, headers, body: delivery.body, ...(delivery.trace && { trace: delivery.trace }) });
  }

  private notSent(endpoint: WebhookEndpoint | null): Outcome {
    const error = endpoint ? `endpoint disabled: ${endpoint.disabledReason ?? 'by an administrator'}` : 'endpoint no longer exists';
    return {
      attempt: { at: this.deps.clock.now().toISOString(), latencyMs: 0, statusCode: null, error },
      next: { status: 'failed' },
      disableEndpoint: false,
    };
  }
}
