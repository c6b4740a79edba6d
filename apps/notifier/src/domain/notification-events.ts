import { createHash } from 'node:crypto';
import type { EventEnvelope, MessageStatus, NotificationChannel, NotificationEvent, OptOutSource } from '@delivery/contracts';
import type { Message } from './message';

type MessageEventType = Exclude<NotificationEvent['type'], 'RecipientOptedOut'>;

/**
 * An event id derived from the message and the change it tells, so a change recorded once
 * has one id however often its write is retried; consumers drop repeats by id.
 */
const eventId = (seed: string) => `evt_${createHash('sha256').update(seed).digest('hex').slice(0, 26)}`;

/** An event about a message, keyed (its subject) by the task so a task's messages keep their order. */
export function messageEvent(
  type: MessageEventType,
  message: Pick<Message, 'id' | 'accountId' | 'taskId' | 'moment' | 'channel'>,
  language: string,
  at: string,
  data: Record<string, unknown> = {},
): EventEnvelope {
  return {
    id: eventId(`${message.id}\n${type}\n${at}`),
    type,
    version: 1,
    occurredAt: at,
    accountId: message.accountId,
    correlationId: message.taskId,
    causationId: null,
    subject: message.taskId,
    data: { messageId: message.id, taskId: message.taskId, moment: message.moment, channel: message.channel, language, ...data },
  };
}

/** The event a settlement tells, if any: a message sent, failed, or not sent. */
export function settlementEvent(
  message: Pick<Message, 'id' | 'accountId' | 'taskId' | 'moment' | 'channel'>,
  status: MessageStatus,
  language: string,
  at: string,
  detail: string | null,
  extra: { provider?: 'twilio' | 'smtp'; segments?: number | null; errorCode?: string | null } = {},
): EventEnvelope | null {
  switch (status) {
    case 'sent':
      return messageEvent('NotificationSent', message, language, at, { provider: extra.provider, segments: extra.segments ?? null });
    case 'delivered':
      return messageEvent('NotificationDelivered', message, language, at);
    case 'failed':
    case 'undelivered':
    case 'unknown':
      return messageEvent('NotificationFailed', message, language, at, {
        status,
        errorCode: extra.errorCode ?? null,
        reason: detail ?? status,
      });
    case 'skipped':
    case 'not_sent':
      return messageEvent('NotificationSkipped', message, language, at, { status, reason: detail ?? status });
    default:
      return null;
  }
}

/** A recipient's opt-out (or opt-in) of a channel: keyed by the account, naming no one. */
export function optOutEvent(
  accountId: string,
  channel: NotificationChannel,
  source: OptOutSource,
  optedOut: boolean,
  at: string,
  seed: string,
): EventEnvelope {
  return {
    id: eventId(`${seed}\n${at}\n${optedOut}`),
    type: 'RecipientOptedOut',
    version: 1,
    occurredAt: at,
    accountId,
    correlationId: seed,
    causationId: null,
    subject: accountId,
    data: { channel, source, optedOut },
  };
}
