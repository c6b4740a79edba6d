import type { WebhookDeliveryStatus, WebhookEventType } from '@delivery/contracts';

export type DeliveryStatus = WebhookDeliveryStatus;

/** One try: what the receiver answered, or why there was no answer. */
export interface DeliveryAttempt {
  at: string;
  latencyMs: number;
  statusCode: number | null;
  error: string | null;
}

/** One webhook message to one endpoint. Its id is the `webhook-id` of every try. */
export interface Delivery {
  id: string;
  accountId: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookEventType;
  taskId: string;
  /** The JSON body, fixed when the event was taken, so every try sends the same bytes. */
  body: string;
  createdAt: string;
  status: DeliveryStatus;
  /**
   * When the next try is due (ms since the epoch). While a worker holds the delivery it is
   * the end of that lease, so a crashed worker's delivery comes due again by itself.
   */
  dueAt: number;
  /** The claim of the worker trying it now; null when nobody holds it. */
  leaseToken: string | null;
  /** Tries since it was created or last replayed: the retry schedule counts these. */
  triesInRound: number;
  attempts: DeliveryAttempt[];
  /** Order of this endpoint's deliveries for one task: a later one waits for earlier pending ones. */
  sequence: number;
  /** Once settled: when the store forgets it (ms since the epoch); a replay clears it. */
  removeAt?: number;
  /** The W3C traceparent its event came with, when traced: every try joins the trace of the request behind the event. */
  trace?: string;
}

/** When a pending delivery is next tried (or its lease runs out); null once it is settled. */
export const nextAttemptAt = (delivery: Delivery): string | null =>
  delivery.status === 'pending' ? new Date(delivery.dueAt).toISOString() : null;

/** A delivery as the dispatcher makes it from an event; the repository numbers it. */
export type NewDelivery = Omit<Delivery, 'sequence' | 'leaseToken' | 'triesInRound' | 'attempts' | 'status'>;

/** After a try: delivered, failed or dead for good, or pending again at `dueAt`. */
export type NextStep = { status: 'pending'; dueAt: number } | { status: 'delivered' | 'failed' | 'dead' };
