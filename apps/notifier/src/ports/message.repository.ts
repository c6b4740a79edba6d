import type { KeyShare } from '@delivery/leased-work';
import type { EventEnvelope, MessageStatus, NotificationMoment } from '@delivery/contracts';
import type { OutboxStore } from '@delivery/outbox';
import type { Message, NewMessage, SentMessage } from '../domain/message';

/** What became of a leased message: its new status, or back to pending (`retryAt`) after a provider's "not now". */
export interface Settlement {
  status: MessageStatus;
  at: string;
  detail: string | null;
  /** For a message turned away for now: pending again, due then (epoch ms), one more try counted. */
  retryAt?: number;
  /**
   * With `retryAt`: the provider was asked and answered "not now" (a try counted, the send begun
   * ended), rather than the message held back untried (quiet hours, its account's share), which
   * keeps a send begun marked as such.
   */
  tried?: boolean;
  provider?: 'twilio' | 'smtp' | null;
  providerRef?: string | null;
  /** The message as rendered, when it was (kept for the log, sent or not). */
  sent?: SentMessage;
}

/** A settlement and the events that tell it, written together. */
export interface Settled {
  settlement: Settlement;
  events: readonly EventEnvelope[];
}

/** A message to store: new and pending, or settled as it is made (`settled`: it cannot go out, or is skipped). */
export type MessageToAdd = NewMessage & { settled?: Settled };

/** The notifier's durable queue of messages, and the outbox of their events. */
export interface MessageRepository {
  readonly outbox: OutboxStore;
  /**
   * Stores new messages, pending, or settled with their events in the outbox when `settled`
   * says so, in one write. One whose id exists is told at most once: left as it is, unless it
   * is still pending and not leased, when the later event's facts and times replace its own.
   */
  addAll(messages: readonly MessageToAdd[]): Promise<void>;
  /** A task's messages that wait (pending and not leased at `now`), of the moments named (or all). */
  waiting(taskId: string, moments: readonly NotificationMoment[] | 'all', now: number): Promise<Message[]>;
  /**
   * Leases up to `limit` pending messages due by `now` to `token` until `leaseUntil` (their
   * `dueAt` meanwhile), within each account's `share`: a message whose account has no room is
   * left pending, due again at the share's `deferUntil`, never leased.
   */
  claimDue(now: number, limit: number, token: string, leaseUntil: number, share?: KeyShare): Promise<Message[]>;
  /**
   * Marks a leased message as going out (`sendingSince`), as rendered, before the request: a
   * message found so marked again was sent, or perhaps sent, and is never sent blindly a second time.
   */
  begin(id: string, token: string, sent: SentMessage, at: string): Promise<boolean>;
  /**
   * Records a settlement of a message leased to `token`, or of one waiting when `token` is
   * null; its events join the outbox in the same write. False when the lease was lost (or
   * it no longer waits).
   */
  settle(id: string, token: string | null, settlement: Settlement, events: readonly EventEnvelope[]): Promise<boolean>;
  /** Records the provider's later word on a sent message (a status callback), with its events; false when it is not newer. */
  report(id: string, status: MessageStatus, at: string, detail: string | null, events: readonly EventEnvelope[]): Promise<boolean>;
  findByProviderRef(provider: 'twilio' | 'smtp', ref: string): Promise<Message | null>;
  get(id: string): Promise<Message | null>;
  /** Removes the settled messages whose retention ended by `now`; returns how many. */
  removeExpired(now: number): Promise<number>;
  /** The account's messages about a task, oldest first; those made at one instant in the moments' order, SMS first. */
  listByTask(accountId: string, taskId: string): Promise<Message[]>;
  close(): Promise<void>;
}
