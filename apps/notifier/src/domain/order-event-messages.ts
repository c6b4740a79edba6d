import { NOTIFICATION_CHANNELS, type OrderTopicEvent } from '@delivery/contracts';
import type { NotificationSettings } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import type { MessageRepository, MessageToAdd, Settled } from '../ports/message.repository';
import { messageId, type NewMessage } from './message';
import { momentsOfEvent, type PassedMoments } from './moments-of-event';
import { settlementEvent } from './notification-events';

export interface OrderEventMessagesDeps {
  messages: MessageRepository;
  /** The account's settings (defaults when it set none); null for an account that no longer exists. */
  settingsOf: (accountId: string) => Promise<NotificationSettings | null>;
  clock: Clock;
  /** A new message settled as it is made (it cannot go out, or is skipped), or null to queue it. */
  settleAtOnce: (message: NewMessage) => Promise<Settled | null>;
  /** New messages or events in the outbox: the worker and the relay look now. */
  stored: () => void;
}

/**
 * Takes a batch of `delivery.orders.v1` events into the message queue, one `take` each, in
 * order, then `done`: the moments each reaches become messages (one per channel, when the
 * account tells that moment), pending, or settled at once when they cannot go out (no provider
 * for the channel) or are skipped; and the messages still waiting of moments an event ended are
 * skipped. A moment reached and ended in one batch is made and then skipped. Once `done`
 * resolves all is stored, so the offset may move on.
 */
export function orderEventMessages(deps: OrderEventMessagesDeps) {
  let made: MessageToAdd[] = [];
  const flush = async () => {
    if (made.length === 0) return;
    await deps.messages.addAll(made);
    made = [];
  };
  return {
    /** An event, with the trace of the request behind it (its messages' sends join it). */
    async take(event: OrderTopicEvent, trace: string | undefined): Promise<void> {
      const settings = await deps.settingsOf(event.accountId);
      if (!settings) return;
      const { reached, passed } = momentsOfEvent(event, settings.arrivingSoonMinutes);
      if (passed) {
        await flush();
        await skipWaiting(event, passed, settings.defaultLanguage, deps);
      }
      const createdAt = deps.clock.now().toISOString();
      for (const moment of reached) {
        if (!settings.moments[moment.moment]) continue;
        for (const channel of NOTIFICATION_CHANNELS) {
          const message: NewMessage = {
            id: messageId(event.subject, moment.moment, moment.occurrence, channel),
            accountId: event.accountId,
            taskId: event.subject,
            moment: moment.moment,
            channel,
            occurrence: moment.occurrence,
            facts: moment.facts,
            createdAt,
            dueAt: moment.dueAt,
            expiresAt: moment.expiresAt,
            ...(trace && { trace }),
          };
          const settled = await deps.settleAtOnce(message);
          made.push(settled ? { ...message, settled } : message);
        }
      }
    },
    async done(): Promise<void> {
      await flush();
      deps.stored();
    },
  };
}

async function skipWaiting(
  event: OrderTopicEvent,
  passed: PassedMoments,
  defaultLanguage: string,
  deps: OrderEventMessagesDeps,
): Promise<void> {
  const at = deps.clock.now();
  for (const message of await deps.messages.waiting(event.subject, passed.moments, at.getTime())) {
    const language = message.facts.language ?? defaultLanguage;
    const told = settlementEvent(message, 'skipped', language, at.toISOString(), passed.reason);
    await deps.messages.settle(message.id, null, { status: 'skipped', at: at.toISOString(), detail: passed.reason }, told ? [told] : []);
  }
}
