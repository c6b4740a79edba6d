import type { EventEnvelope } from '@delivery/contracts';
import { currentTraceparent } from '@delivery/observability/tracing';

/** An event stored in the same transaction as the state change that caused it. */
export interface OutboxEntry {
  id: string;
  topic: string;
  key: string;
  value: string;
  /**
   * The event's `correlationId` and `occurredAt`, kept beside the value so the relay reads
   * them without parsing it. Absent on entries stored before they were added.
   */
  requestId?: string;
  occurredAt?: string;
  /** The W3C traceparent of the request that wrote it, when it was traced: its publish joins that trace. */
  trace?: string;
}

export type Lead = { led: true } | { led: false; heldUntil: number };

/** The part of a service's store that the relay drains, oldest first. */
export interface OutboxStore {
  pending(limit: number): Promise<OutboxEntry[]>;
  markPublished(ids: readonly string[]): Promise<void>;
  /**
   * Whether `relayId` leads this outbox for the next `forMs`: it does when it led already or
   * no other relay's lead is current, and then it leads until then; else the answer says
   * until when the other's lead holds (epoch ms), before which asking again is pointless. Of
   * several relays over one store only the leader publishes; `forMs` 0 gives the lead up.
   */
  lead(relayId: string, forMs: number): Promise<Lead>;
}

/** Builds the outbox entry for an event: keyed by its subject so one order's events keep their order. */
export function toOutboxEntry(topic: string, event: EventEnvelope): OutboxEntry {
  const traceparent = currentTraceparent();
  return {
    id: event.id,
    topic,
    key: event.subject,
    value: JSON.stringify(event),
    requestId: event.correlationId,
    occurredAt: event.occurredAt,
    ...(traceparent && { trace: traceparent }),
  };
}
