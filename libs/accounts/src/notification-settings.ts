import { NOTIFICATION_MOMENTS, type NotificationMoment } from '@delivery/contracts';

/**
 * Twilio's Messages API for an account's SMS (twilio/twilio-oai, spec/json/twilio_api_v2010.json):
 * HTTP basic auth as the account (SID and auth token) or as an API key (SID `SK…` and its
 * secret). The auth token is needed either way: Twilio signs its callbacks with it.
 * Messages go from a number (`From`) or a Messaging Service (`MessagingServiceSid`).
 */
export interface TwilioChannel {
  accountSid: string;
  authToken: string;
  apiKey: { sid: string; secret: string } | null;
  from: string | null;
  messagingServiceSid: string | null;
  /** Twilio's API root; another only for a test double or a regional edge. */
  baseUrl: string;
}

/** Any SMTP server: implicit TLS (`tls`, usually port 465) or STARTTLS (`starttls`, required, usually 587). */
export interface SmtpChannel {
  host: string;
  port: number;
  security: 'tls' | 'starttls';
  auth: { user: string; password: string } | null;
  /** The account's sender, as a mailbox (`Acme Deliveries <deliveries@acme.example>`). */
  from: string;
}

/** A daily span in the recipient's local time, `HH:MM` each; it may cross midnight (21:00 to 08:00). */
export interface QuietHours {
  start: string;
  end: string;
}

/** An account's own wording of a moment in one language (`{{ variables }}` in Liquid): an e-mail's subject, and the text of an SMS and an e-mail. */
export interface AccountWording {
  subject: string;
  text: string;
}

/** The key of an account's wording: `on_the_way.fr`. */
export const wordingKey = (moment: NotificationMoment, language: string) => `${moment}.${language}`;

/**
 * What an account tells its recipients, and how (docs/decisions.md, "Telling the recipient").
 * Without a channel configured, messages are still made and kept in the log, marked not sent.
 */
export interface NotificationSettings {
  moments: Record<NotificationMoment, boolean>;
  sms: TwilioChannel | null;
  email: SmtpChannel | null;
  /** "Arriving soon" is told once the drop-off's ETA is this close. */
  arrivingSoonMinutes: number;
  quietHours: QuietHours | null;
  /** The language of recipients whose order names none. */
  defaultLanguage: string;
  /** The country of phone numbers written without `+` when the address names none (ISO 3166 alpha-2). */
  defaultCountry: string | null;
  /** The account's own wordings by `wordingKey`, replacing the shipped ones; absent in settings saved before they existed. */
  templates?: Record<string, AccountWording>;
  /**
   * Countries beyond `defaultCountry` whose numbers may get SMS (ISO 3166 alpha-2); absent or
   * empty, only the account's own (docs/decisions.md, "Who may get an SMS, and how many").
   */
  smsCountries?: string[];
  /** How many messages the account may send; absent, DEFAULT_MESSAGE_BUDGETS. */
  budgets?: MessageBudgets;
}

/**
 * Messages an account may send, counted across every notifier replica: SMS an hour and a day
 * (they cost money, and a flood of orders is how SMS pumping pays), and messages a day to one
 * number or address on one channel, across orders (no one is flooded by 40 orders in a minute).
 */
export interface MessageBudgets {
  smsPerHour: number;
  smsPerDay: number;
  perRecipientPerDay: number;
}

export const DEFAULT_MESSAGE_BUDGETS: MessageBudgets = { smsPerHour: 500, smsPerDay: 5_000, perRecipientPerDay: 10 };
/** The most an operator or tenant may set each budget to. */
export const MAX_MESSAGE_BUDGETS: MessageBudgets = { smsPerHour: 1_000_000, smsPerDay: 10_000_000, perRecipientPerDay: 1_000_000 };

export const TWILIO_API_BASE_URL = 'https://api.twilio.com';

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  moments: Object.fromEntries(NOTIFICATION_MOMENTS.map((moment) => [moment, true])) as Record<NotificationMoment, boolean>,
  sms: null,
  email: null,
  arrivingSoonMinutes: 10,
  quietHours: { start: '21:00', end: '08:00' },
  defaultLanguage: 'en',
  defaultCountry: null,
};

/** The settings with each secret (Twilio's auth token and API key secret, the SMTP password) passed through `t`. */
export function withNotificationSecrets(settings: NotificationSettings, t: (value: string) => string): NotificationSettings {
  return {
    ...settings,
    sms: settings.sms && {
      ...settings.sms,
      authToken: t(settings.sms.authToken),
      apiKey: settings.sms.apiKey && { ...settings.sms.apiKey, secret: t(settings.sms.apiKey.secret) },
    },
    email: settings.email && {
      ...settings.email,
      auth: settings.email.auth && { ...settings.email.auth, password: t(settings.email.auth.password) },
    },
  };
}
