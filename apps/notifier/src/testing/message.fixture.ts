import { randomBytes } from 'node:crypto';
import { messageId, type MessageFacts, type NewMessage } from '../domain/message';

/** A driver on the way, by SMS, due now: a message as the notifier makes it, with `overrides`. */
export function aNewMessage(overrides: Partial<NewMessage> = {}, facts: Partial<MessageFacts> = {}): NewMessage {
  const taskId = overrides.taskId ?? `tsk_${randomBytes(6).toString('hex')}`;
  const now = Date.now();
  return {
    id: messageId(taskId, 'on_the_way', '', 'sms'),
    accountId: 'acc',
    taskId,
    moment: 'on_the_way',
    channel: 'sms',
    occurrence: '',
    facts: {
      eta: null,
      window: null,
      driverFirstName: 'Sam',
      photoUrl: null,
      nextStep: null,
      trackingToken: 't',
      fleetId: 1,
      language: null,
      ...facts,
    },
    createdAt: new Date(now).toISOString(),
    dueAt: now,
    expiresAt: null,
    ...overrides,
  };
}
