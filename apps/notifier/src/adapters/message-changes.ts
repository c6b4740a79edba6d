import { NOTIFICATION_CHANNELS, NOTIFICATION_MOMENTS, type MessageStatus } from '@delivery/contracts';
import type { Message, NewMessage } from '../domain/message';
import type { Settlement } from '../ports/message.repository';

/**
 * The changes to a message, one definition for every adapter: each adapter stores what these
 * return, inside its own atomic write.
 */

/** A message as first stored. */
export const pendingMessage = (fresh: NewMessage): Message => ({
  ...fresh,
  status: 'pending',
  leaseToken: null,
  sendingSince: null,
  sent: null,
  provider: null,
  providerRef: null,
  tries: 0,
  history: [{ at: fresh.createdAt, status: 'pending', detail: null }],
});

/** Whether a stored message is waiting at `now`: pending, and not leased to a worker. */
export const isWaiting = (message: Message, now: number) =>
  message.status === 'pending' && (message.leaseToken === null || message.dueAt <= now);

/** A waiting message given a later event's facts and times. */
export const revisedMessage = (stored: Message, fresh: NewMessage): Message => ({
  ...stored,
  facts: fresh.facts,
  dueAt: fresh.dueAt,
  expiresAt: fresh.expiresAt,
  leaseToken: null,
});

/** `retentionMs` after it settles, a message leaves the log; one back in the queue has no end yet. */
export function settledMessage(stored: Message, settlement: Settlement, retentionMs: number): Message {
  const pending = settlement.status === 'pending';
  const last = stored.history[stored.history.length - 1];
  // A message held back again for the same reason keeps one line for it.
  const repeat = pending && last?.status === 'pending' && last.detail === settlement.detail;
  return {
    ...stored,
    status: settlement.status,
    leaseToken: null,
    // Only the provider's answer ends a send begun: a message put back untried (over its account's share) may have gone out.
    sendingSince: pending && !settlement.tried ? stored.sendingSince : null,
    dueAt: pending ? (settlement.retryAt ?? stored.dueAt) : stored.dueAt,
    tries: stored.tries + (settlement.tried ? 1 : 0),
    sent: settlement.sent ?? stored.sent,
    provider: settlement.provider ?? stored.provider,
    providerRef: settlement.providerRef ?? stored.providerRef,
    history: repeat ? stored.history : [...stored.history, { at: settlement.at, status: settlement.status, detail: settlement.detail }],
    ...(!pending && { removeAt: Date.parse(settlement.at) + retentionMs }),
  };
}

/**
 * The provider's statuses move one way (sent, then delivered or undelivered or failed); a
 * callback that arrives late, or twice, changes nothing.
 */
const RANK: Partial<Record<MessageStatus, number>> = { sent: 1, undelivered: 2, failed: 2, delivered: 3 };

export const isNewerReport = (stored: Message, status: MessageStatus) =>
  stored.providerRef !== null && (RANK[status] ?? 0) > (RANK[stored.status] ?? 0);

export const reportedMessage = (stored: Message, status: MessageStatus, at: string, detail: string | null): Message => ({
  ...stored,
  status,
  history: [...stored.history, { at, status, detail }],
});

/** A task's messages in the order they were made, a moment's before a later moment's, SMS before e-mail. */
export const inTellingOrder = (a: Message, b: Message) =>
  a.createdAt.localeCompare(b.createdAt) ||
  NOTIFICATION_MOMENTS.indexOf(a.moment) - NOTIFICATION_MOMENTS.indexOf(b.moment) ||
  NOTIFICATION_CHANNELS.indexOf(a.channel) - NOTIFICATION_CHANNELS.indexOf(b.channel) ||
  a.occurrence.localeCompare(b.occurrence);
