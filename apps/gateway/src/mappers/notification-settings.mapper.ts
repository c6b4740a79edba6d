import { DEFAULT_MESSAGE_BUDGETS, InvalidNotificationSettings, TWILIO_API_BASE_URL, type NotificationSettings } from '@delivery/accounts';
import { NOTIFICATION_MOMENTS, type ConsoleNotificationSettings, type ConsolePutNotificationSettingsRequest } from '@delivery/contracts';

/** The settings as the console shows them: no secret, only whether each is set. */
export const toConsoleNotificationSettings = (s: NotificationSettings): ConsoleNotificationSettings => ({
  moments: NOTIFICATION_MOMENTS.filter((m) => s.moments[m]),
  quiet_hours: s.quietHours,
  arriving_soon_minutes: s.arrivingSoonMinutes,
  default_language: s.defaultLanguage,
  default_country: s.defaultCountry,
  sms_countries: s.smsCountries ?? [],
  budgets: {
    sms_per_hour: (s.budgets ?? DEFAULT_MESSAGE_BUDGETS).smsPerHour,
    sms_per_day: (s.budgets ?? DEFAULT_MESSAGE_BUDGETS).smsPerDay,
    per_recipient_per_day: (s.budgets ?? DEFAULT_MESSAGE_BUDGETS).perRecipientPerDay,
  },
  sms: s.sms && {
    account_sid: s.sms.accountSid,
    auth_token_set: Boolean(s.sms.authToken),
    api_key_sid: s.sms.apiKey?.sid ?? null,
    from: s.sms.from,
    messaging_service_sid: s.sms.messagingServiceSid,
    base_url: s.sms.baseUrl,
  },
  email: s.email && {
    host: s.email.host,
    port: s.email.port,
    security: s.email.security,
    user: s.email.auth?.user ?? null,
    password_set: Boolean(s.email.auth?.password),
    from: s.email.from,
  },
});

/** A secret given, or the one saved: refused, naming it, when there is neither. */
function secret(given: string | undefined, saved: string | undefined, name: string): string {
  const value = given ?? saved;
  if (!value) throw new InvalidNotificationSettings(`${name} is required`);
  return value;
}

type Change = ConsolePutNotificationSettingsRequest;

function smsOf(given: NonNullable<Change['sms']>, current: NotificationSettings['sms']): NotificationSettings['sms'] {
  const keySid = given.api_key_sid === undefined ? current?.apiKey?.sid : given.api_key_sid;
  return {
    accountSid: given.account_sid,
    authToken: secret(given.auth_token, current?.authToken, 'sms.auth_token'),
    apiKey: keySid ? { sid: keySid, secret: secret(given.api_key_secret, current?.apiKey?.secret, 'sms.api_key_secret') } : null,
    from: given.from === undefined ? (current?.from ?? null) : given.from,
    messagingServiceSid: given.messaging_service_sid === undefined ? (current?.messagingServiceSid ?? null) : given.messaging_service_sid,
    baseUrl: given.base_url ?? current?.baseUrl ?? TWILIO_API_BASE_URL,
  };
}

function emailOf(given: NonNullable<Change['email']>, current: NotificationSettings['email']): NotificationSettings['email'] {
  const security = given.security ?? current?.security ?? 'starttls';
  const user = given.user === undefined ? (current?.auth?.user ?? null) : given.user;
  return {
    host: given.host,
    port: given.port ?? (security === 'tls' ? 465 : 587),
    security,
    auth: user ? { user, password: secret(given.password, current?.auth?.password, 'email.password') } : null,
    from: given.from,
  };
}

/** The console's change applied to the saved settings: fields left out stay (the wordings too), secrets left out are kept. */
export function applyConsoleChange(current: NotificationSettings, change: Change): NotificationSettings {
  const { sms, email, budgets } = change;
  const budgetsNow = current.budgets ?? DEFAULT_MESSAGE_BUDGETS;
  return {
    ...current,
    moments: change.moments
      ? (Object.fromEntries(NOTIFICATION_MOMENTS.map((m) => [m, change.moments!.includes(m)])) as NotificationSettings['moments'])
      : current.moments,
    quietHours: change.quiet_hours === undefined ? current.quietHours : change.quiet_hours,
    arrivingSoonMinutes: change.arriving_soon_minutes ?? current.arrivingSoonMinutes,
    defaultLanguage: change.default_language?.toLowerCase() ?? current.defaultLanguage,
    defaultCountry: change.default_country === undefined ? current.defaultCountry : (change.default_country?.toUpperCase() ?? null),
    smsCountries: change.sms_countries?.map((c) => c.toUpperCase()) ?? current.smsCountries,
    budgets: budgets
      ? {
          smsPerHour: budgets.sms_per_hour ?? budgetsNow.smsPerHour,
          smsPerDay: budgets.sms_per_day ?? budgetsNow.smsPerDay,
          perRecipientPerDay: budgets.per_recipient_per_day ?? budgetsNow.perRecipientPerDay,
        }
      : current.budgets,
    sms: sms === undefined ? current.sms : sms && smsOf(sms, current.sms),
    email: email === undefined ? current.email : email && emailOf(email, current.email),
  };
}
