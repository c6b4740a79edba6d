import { NOTIFICATION_MOMENTS } from '@delivery/contracts';
import { InvalidSetting } from './settings/invalid-setting';
import { E164_PHONE } from './phone';
import { MAX_MESSAGE_BUDGETS, type MessageBudgets, type NotificationSettings } from './notification-settings';

/** Settings that cannot be used as given; the message names the setting and why. */
export class InvalidNotificationSettings extends InvalidSetting {}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Seven moments in ten languages. */
export const MAX_TEMPLATES = 70;
const MAILBOX = /^(?:[^<>@\r\n]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/;

/**
 * Checks an account's notification settings before they are saved, naming the first
 * problem: what Twilio's OpenAPI constrains (an `AC…` account SID, an `SK…` key, an `MG…`
 * service, a `From` in E.164), an SMTP server's address, port and sender, quiet hours as
 * `HH:MM`, a language and a country as ISO codes. Bounded, as all a tenant configures is.
 */
export function checkNotificationSettings(settings: NotificationSettings): void {
  const fail = (message: string): never => {
    throw new InvalidNotificationSettings(message);
  };
  for (const moment of Object.keys(settings.moments)) {
    if (!(NOTIFICATION_MOMENTS as readonly string[]).includes(moment))
      fail(`${moment} is not a moment (${NOTIFICATION_MOMENTS.join(', ')})`);
  }
  if (!Number.isInteger(settings.arrivingSoonMinutes) || settings.arrivingSoonMinutes < 1 || settings.arrivingSoonMinutes > 120) {
    fail('arriving soon must be from 1 to 120 minutes before the ETA');
  }
  if (settings.quietHours && !(CLOCK.test(settings.quietHours.start) && CLOCK.test(settings.quietHours.end))) {
    fail('quiet hours must be HH:MM-HH:MM, e.g. 21:00-08:00');
  }
  if (!/^[a-z]{2,3}$/.test(settings.defaultLanguage)) fail('the language must be an ISO 639 code, e.g. en or fr');
  if (settings.defaultCountry !== null && !/^[A-Z]{2}$/.test(settings.defaultCountry))
    fail('the country must be an ISO 3166 code, e.g. US or FR');
  const countries = settings.smsCountries ?? [];
  if (countries.length > 50 || countries.some((c) => !/^[A-Z]{2}$/.test(c)))
    fail('SMS countries must be at most 50 ISO 3166 codes, e.g. FR,BE');
  for (const [name, most] of Object.entries(MAX_MESSAGE_BUDGETS) as [keyof MessageBudgets, number][]) {
    const value = settings.budgets?.[name];
    if (value !== undefined && (!Number.isInteger(value) || value < 0 || value > most))
      fail(`the budget ${name} must be from 0 to ${most}`);
  }
  const templates = Object.entries(settings.templates ?? {});
  if (templates.length > MAX_TEMPLATES) fail(`at most ${MAX_TEMPLATES} wordings (moments by languages)`);
  for (const [key, wording] of templates) {
    const [moment, language] = key.split('.');
    if (!(NOTIFICATION_MOMENTS as readonly string[]).includes(moment ?? '') || !/^[a-z]{2,3}$/.test(language ?? '')) {
      fail(`${key} is not a moment and a language, e.g. on_the_way.fr`);
    }
    if (!wording.subject.trim() || wording.subject.length > 200) fail(`the subject of ${key} must be 1 to 200 characters`);
    if (!wording.text.trim() || wording.text.length > 1_600) fail(`the text of ${key} must be 1 to 1600 characters (Twilio's limit)`);
  }
  const { sms, email } = settings;
  if (sms) {
    if (!/^AC[0-9a-fA-F]{32}$/.test(sms.accountSid)) fail('the Twilio account SID must be AC and 32 hexadecimal digits');
    if (!sms.authToken || sms.authToken.length > 200) fail('the Twilio auth token is required (Twilio signs its callbacks with it)');
    if (sms.apiKey && (!/^SK[0-9a-fA-F]{32}$/.test(sms.apiKey.sid) || !sms.apiKey.secret || sms.apiKey.secret.length > 200)) {
      fail('a Twilio API key is SK and 32 hexadecimal digits, with its secret');
    }
    if (!sms.from && !sms.messagingServiceSid) fail('Twilio needs a sender: a number (From) or a Messaging Service');
    if (sms.from && !E164_PHONE.test(sms.from) && !/^[A-Za-z0-9 ]{1,11}$/.test(sms.from)) {
      fail('the Twilio sender must be a number in E.164 (+15005550006) or an alphanumeric sender ID of at most 11 characters');
    }
    if (sms.messagingServiceSid && !/^MG[0-9a-fA-F]{32}$/.test(sms.messagingServiceSid))
      fail('a Messaging Service SID is MG and 32 hexadecimal digits');
  }
  if (email) {
    if (!email.host || email.host.length > 253 || /[\s/@]/.test(email.host)) fail('the SMTP host must be a host name or address');
    if (!Number.isInteger(email.port) || email.port < 1 || email.port > 65_535) fail('the SMTP port must be from 1 to 65535');
    if (email.auth && (!email.auth.user || email.auth.user.length > 200 || email.auth.password.length > 200))
      fail('the SMTP user and password are at most 200 characters');
    if (email.from.length > 300 || !MAILBOX.test(email.from))
      fail('the sender must be an address, or a name and an address: Acme <deliveries@acme.example>');
  }
}
