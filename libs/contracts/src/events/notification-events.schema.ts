import { z } from 'zod';
import { MESSAGE_STATUSES, NOTIFICATION_CHANNELS, NOTIFICATION_MOMENTS } from '../notifications/notification-moments';
import { eventEnvelopeSchema } from './event-envelope.schema';

/**
 * What every notification event says of its message. Never the recipient's address or the
 * text: analysts count and time messages, they do not read them.
 */
const message = z.object({
  messageId: z.string(),
  taskId: z.string(),
  moment: z.enum(NOTIFICATION_MOMENTS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  language: z.string(),
});

/** A message was handed to its provider (Twilio, an SMTP server). */
export const notificationSentEventSchema = eventEnvelopeSchema(
  'NotificationSent',
  1,
  message.extend({ provider: z.enum(['twilio', 'smtp']), segments: z.number().int().nullable() }),
);
/** The provider reported the message delivered (Twilio's status callback). */
export const notificationDeliveredEventSchema = eventEnvelopeSchema('NotificationDelivered', 1, message);
/** The provider refused the message or reported it undelivered; `errorCode` is the provider's (Twilio's error code, an SMTP reply code). */
export const notificationFailedEventSchema = eventEnvelopeSchema(
  'NotificationFailed',
  1,
  message.extend({ status: z.enum(MESSAGE_STATUSES), errorCode: z.string().nullable(), reason: z.string() }),
);
/** The message was not sent, and why (opted out, no usable address, moment passed, cancelled, no provider). */
export const notificationSkippedEventSchema = eventEnvelopeSchema(
  'NotificationSkipped',
  1,
  message.extend({ status: z.enum(['skipped', 'not_sent']), reason: z.string() }),
);
/**
 * Why a recipient's address is no longer told: their SMS keyword, their e-mail's unsubscribe
 * link, the console, or the provider saying so (Twilio's 21610, the number unsubscribed there;
 * 21614, a number that takes no SMS).
 */
export const OPT_OUT_SOURCES = ['sms_keyword', 'unsubscribe_link', 'console', 'provider'] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];

/** A recipient of the account opted out of (or back in to) a channel; keyed by the account, naming no one. */
export const recipientOptedOutEventSchema = eventEnvelopeSchema(
  'RecipientOptedOut',
  1,
  z.object({
    channel: z.enum(NOTIFICATION_CHANNELS),
    source: z.enum(OPT_OUT_SOURCES),
    optedOut: z.boolean(),
  }),
);

export const notificationEventSchema = z.discriminatedUnion('type', [
  notificationSentEventSchema,
  notificationDeliveredEventSchema,
  notificationFailedEventSchema,
  notificationSkippedEventSchema,
  recipientOptedOutEventSchema,
]);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
