import { z } from 'zod';
import { NOTIFICATION_MOMENTS } from '../../notifications/notification-moments';

const text = (max: number) => z.string().trim().min(1).max(max);

/** Twilio as the console shows it: the auth token and a key's secret only as whether they are set. */
const smsView = z.object({
  account_sid: z.string(),
  auth_token_set: z.boolean(),
  api_key_sid: z.string().nullable(),
  from: z.string().nullable(),
  messaging_service_sid: z.string().nullable(),
  base_url: z.string(),
});
const emailView = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z.enum(['tls', 'starttls']),
  user: z.string().nullable(),
  password_set: z.boolean(),
  from: z.string(),
});

/** What the account's recipients are told, and how; no secret is ever answered. */
export const consoleNotificationSettingsSchema = z.object({
  moments: z.array(z.enum(NOTIFICATION_MOMENTS)),
  quiet_hours: z.object({ start: z.string(), end: z.string() }).nullable(),
  arriving_soon_minutes: z.number().int(),
  default_language: z.string(),
  default_country: z.string().nullable(),
  /** Countries beyond the account's own whose numbers get SMS. */
  sms_countries: z.array(z.string()),
  budgets: z.object({ sms_per_hour: z.number().int(), sms_per_day: z.number().int(), per_recipient_per_day: z.number().int() }),
  sms: smsView.nullable(),
  email: emailView.nullable(),
});
export type ConsoleNotificationSettings = z.infer<typeof consoleNotificationSettingsSchema>;

/**
 * A change of the settings: each field given replaces its value, one left out stays. A
 * secret left out keeps the one saved (so a form need not show it again); `sms` or `email`
 * null turns the channel off.
 */
export const consolePutNotificationSettingsRequestSchema = z.object({
  moments: z.array(z.enum(NOTIFICATION_MOMENTS)).max(NOTIFICATION_MOMENTS.length).optional(),
  quiet_hours: z
    .object({ start: text(5), end: text(5) })
    .nullable()
    .optional(),
  arriving_soon_minutes: z.number().int().optional(),
  default_language: text(3).optional(),
  default_country: text(2).nullable().optional(),
  sms_countries: z.array(text(2)).max(50).optional(),
  budgets: z
    .object({
      sms_per_hour: z.number().int().optional(),
      sms_per_day: z.number().int().optional(),
      per_recipient_per_day: z.number().int().optional(),
    })
    .optional(),
  sms: z
    .object({
      account_sid: text(34),
      auth_token: text(200).optional(),
      api_key_sid: text(34).nullable().optional(),
      api_key_secret: text(200).optional(),
      from: text(20).nullable().optional(),
      messaging_service_sid: text(34).nullable().optional(),
      base_url: text(500).optional(),
    })
    .nullable()
    .optional(),
  email: z
    .object({
      host: text(253),
      port: z.number().int().optional(),
      security: z.enum(['tls', 'starttls']).optional(),
      user: text(200).nullable().optional(),
      password: text(200).optional(),
      from: text(300),
    })
    .nullable()
    .optional(),
});
export type ConsolePutNotificationSettingsRequest = z.infer<typeof consolePutNotificationSettingsRequestSchema>;

/** A moment's wording in a language, as the account's recipients get it: the account's own, or the shipped one. */
export const consoleWordingQuerySchema = z.object({
  moment: z.enum(NOTIFICATION_MOMENTS),
  language: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2,3}$/),
});
export const consoleWordingSchema = z.object({
  moment: z.enum(NOTIFICATION_MOMENTS),
  language: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Whether it is the account's own in `language`; else the shipped one, or, for a language without one, `from_language`'s. */
  own: z.boolean(),
  from_language: z.string(),
});
export type ConsoleWording = z.infer<typeof consoleWordingSchema>;
export const consolePutWordingRequestSchema = z.object({ subject: text(200), text: text(1_600) });

/** A wording rendered as it would go out, for one of the account's deliveries (`task_id`) or a sample one. */
export const consolePreviewRequestSchema = z.object({
  moment: z.enum(NOTIFICATION_MOMENTS),
  language: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2,3}$/),
  channel: z.enum(['sms', 'email']),
  subject: z.string().max(200),
  text: z.string().max(1_600),
  task_id: z.string().trim().min(1).max(200).optional(),
});
export const consolePreviewSchema = z.object({
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  segments: z.number().int().nullable(),
});
export type ConsolePreview = z.infer<typeof consolePreviewSchema>;

/** The account's look on the recipient's page and in e-mails; null when it set none. */
export const consoleBrandSchema = z.object({ brand: z.object({ colour: z.string(), logo_url: z.string().nullable() }).nullable() });
export type ConsoleBrand = z.infer<typeof consoleBrandSchema>;
export const consolePutBrandRequestSchema = z.object({ colour: text(7), logo_url: text(500).nullable().optional() });
