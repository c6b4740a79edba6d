import { TOPICS, type EventEnvelope, type MessageStatus, type NotificationMoment } from '@delivery/contracts';
import { type EmbeddedStore, type EmbeddedTable, openRecordTable } from '@delivery/embedded-store';
import { ShareCounter, type KeyShare } from '@delivery/leased-work';
import { EmbeddedOutbox } from '@delivery/outbox/embedded';
import { MESSAGE_RETENTION_MS, type Message, type SentMessage } from '../domain/message';
import type { MessageRepository, MessageToAdd, Settlement } from '../ports/message.repository';
import {
  inTellingOrder,
  isNewerReport,
  isWaiting,
  pendingMessage,
  reportedMessage,
  revisedMessage,
  settledMessage,
} from './message-changes';

type DueKey = [dueAt: number, id: string];
type TaskKey = [taskId: string, id: string];
type RefKey = [provider: string, ref: string];
type RemoveKey = [removeAt: number, id: string];
const LAST = '\uffff';
/** Due messages read beyond the limit, for those whose account has no room (each is then moved out of the way). */
const SCAN_MARGIN = 200;

/**
 * Messages on the embedded LMDB store: `due` orders pending messages by when they are next
 * due, `byTask` and `byRef` find a task's messages and a provider's, `expiring` the settled
 * ones by the end of their retention. Every change is one LMDB
 * transaction, and LMDB serializes writers across processes, so two workers never lease one message.
 */
export class EmbeddedMessageRepository implements MessageRepository {
  private readonly messages: EmbeddedTable<Message, string>;
  private readonly due: EmbeddedTable<true, DueKey>;
  private readonly byTask: EmbeddedTable<true, TaskKey>;
  private readonly byRef: EmbeddedTable<string, RefKey>;
  /** Settled messages by when their retention ends. */
  private readonly expiring: EmbeddedTable<true, RemoveKey>;
  readonly outbox: EmbeddedOutbox;

  constructor(
    store: EmbeddedStore,
    private readonly retentionMs = MESSAGE_RETENTION_MS,
  ) {
    this.messages = openRecordTable<Message, string>(store, 'messages');
    this.due = store.openDB<true, DueKey>({ name: 'messages-due' });
    this.byTask = store.openDB<true, TaskKey>({ name: 'messages-by-task' });
    this.byRef = store.openDB<string, RefKey>({ name: 'messages-by-provider-ref' });
    this.expiring = store.openDB<true, RemoveKey>({ name: 'messages-expiring' });
    this.outbox = new EmbeddedOutbox(store, TOPICS.notifications);
  }

  async addAll(messages: readonly MessageToAdd[]): Promise<void> {
    if (messages.length === 0) return;
    await this.messages.transaction(() => {
      for (const { settled, ...fresh } of messages) {
        const stored = this.messages.get(fresh.id);
        if (!stored) {
          this.byTask.put([fresh.taskId, fresh.id], true);
          this.put(null, settled ? settledMessage(pendingMessage(fresh), settled.settlement, this.retentionMs) : pendingMessage(fresh));
          if (settled) this.outbox.append(settled.events);
        } else if (isWaiting(stored, Date.parse(fresh.createdAt)) && !stored.sendingSince) {
          this.put(stored, revisedMessage(stored, fresh));
        }
      }
    });
  }

  async waiting(taskId: string, moments: readonly NotificationMoment[] | 'all', now: number): Promise<Message[]> {
    return this.ofTask(taskId).filter((m) => isWaiting(m, now) && !m.sendingSince && (moments === 'all' || moments.includes(m.moment)));
  }

  async claimDue(now: number, limit: number, token: string, leaseUntil: number, share?: KeyShare): Promise<Message[]> {
    return this.messages.transaction(() => {
      const claimed: Message[] = [];
      const shares = new ShareCounter(share);
      // Keys first, then changes: claiming moves keys inside the range being read.
      for (const key of [...this.due.getKeys({ start: [0, ''], end: [now, LAST], limit: limit + SCAN_MARGIN })]) {
        if (claimed.length >= limit) break;
        const message = this.messages.get(key[1]);
        if (!message || message.status !== 'pending' || message.dueAt !== key[0]) {
          this.due.remove(key);
          continue;
        }
        if (!shares.take(message.accountId)) {
          // Its account has its share going out: due again when it may, so the next scans read past it.
          this.put(message, { ...message, dueAt: share!.deferUntil });
          continue;
        }
        const leased = { ...message, leaseToken: token, dueAt: leaseUntil };
        this.put(message, leased);
        claimed.push(leased);
      }
      return claimed;
    });
  }

  async begin(id: string, token: string, sent: SentMessage, at: string): Promise<boolean> {
    return this.messages.transaction(() => {
      const stored = this.messages.get(id);
      if (!stored || stored.status !== 'pending' || stored.leaseToken !== token) return false;
      this.put(stored, { ...stored, sent, sendingSince: at });
      return true;
    });
  }

  async settle(id: string, token: string | null, settlement: Settlement, events: readonly EventEnvelope[]): Promise<boolean> {
    return this.messages.transaction(() => {
      const stored = this.messages.get(id);
      if (!stored || stored.status !== 'pending') return false;
      const allowed = token === null ? isWaiting(stored, Date.parse(settlement.at)) && !stored.sendingSince : stored.leaseToken === token;
      if (!allowed) return false;
      const next = settledMessage(stored, settlement, this.retentionMs);
      if (next.providerRef && next.provider && !stored.providerRef) this.byRef.put([next.provider, next.providerRef], id);
      this.put(stored, next);
      this.outbox.append(events);
      return true;
    });
  }

  async report(id: string, status: MessageStatus, at: string, detail: string | null, events: readonly EventEnvelope[]): Promise<boolean> {
    return this.messages.transaction(() => {
      const stored = this.messages.get(id);
      if (!stored || !isNewerReport(stored, status)) return false;
      this.put(stored, reportedMessage(stored, status, at, detail));
      this.outbox.append(events);
      return true;
    });
  }

  async findByProviderRef(provider: 'twilio' | 'smtp', ref: string): Promise<Message | null> {
    const id = this.byRef.get([provider, ref]);
    return (id && this.messages.get(id)) || null;
  }

  async get(id: string): Promise<Message | null> {
    return this.messages.get(id) ?? null;
  }

  async listByTask(accountId: string, taskId: string): Promise<Message[]> {
    return this.ofTask(taskId)
      .filter((m) => m.accountId === accountId)
      .sort(inTellingOrder);
  }

  async removeExpired(now: number): Promise<number> {
    return this.messages.transaction(() => {
      let removed = 0;
      for (const key of [...this.expiring.getKeys({ start: [0, ''], end: [now, LAST] })]) {
        this.expiring.remove(key);
        const message = this.messages.get(key[1]);
        if (!message || message.removeAt !== key[0]) continue;
        this.messages.remove(message.id);
        this.byTask.remove([message.taskId, message.id]);
        if (message.provider && message.providerRef) this.byRef.remove([message.provider, message.providerRef]);
        removed += 1;
      }
      return removed;
    });
  }

  async close(): Promise<void> {}

  private ofTask(taskId: string): Message[] {
    return [...this.byTask.getKeys({ start: [taskId, ''], end: [taskId, LAST] })].map((key) => this.messages.get(key[1])!).filter(Boolean);
  }

  /** Stores a message and keeps `due` to it: a pending one is there at its due time, no other is. */
  private put(before: Message | null, after: Message): void {
    if (before?.status === 'pending') this.due.remove([before.dueAt, before.id]);
    if (after.status === 'pending') this.due.put([after.dueAt, after.id], true);
    if (before?.removeAt !== after.removeAt) {
      if (before?.removeAt !== undefined) this.expiring.remove([before.removeAt, before.id]);
      if (after.removeAt !== undefined) this.expiring.put([after.removeAt, after.id], true);
    }
    this.messages.put(after.id, after);
  }
}
