import {
  DEFAULT_MESSAGE_BUDGETS,
  DEFAULT_NOTIFICATION_SETTINGS,
  MAX_MESSAGE_BUDGETS,
  notificationSettingsShown,
  TWILIO_API_BASE_URL,
  wordingKey,
  type MessageBudgets,
  type NotificationSettings,
} from '@delivery/accounts';
import { NOTIFICATION_MOMENTS, type NotificationMoment } from '@delivery/contracts';
import type { AdminDeps } from './admin-deps';
import { asUsage, list, NotFound, required, UsageError, whole, type Options } from './command-options';

/** Saves the account's settings as `apply` changes them; a setting that cannot be used is a usage error naming it. */
async function change(options: Options, deps: AdminDeps, apply: (current: NotificationSettings) => NotificationSettings) {
  const accountId = required(options, 'account');
  const saved = await asUsage(() => deps.settings.changeNotificationSettings(accountId, apply));
  if (!saved) throw new NotFound(`no account ${accountId}`);
  return { accountId, notifications: notificationSettingsShown(saved) };
}

function momentsOption(value: string | undefined, current: NotificationSettings['moments']) {
  if (value === undefined) return current;
  const named = value === 'all' ? [...NOTIFICATION_MOMENTS] : value === 'none' ? [] : list(value);
  const unknown = named.filter((m) => !(NOTIFICATION_MOMENTS as readonly string[]).includes(m));
  if (unknown.length > 0)
    throw new UsageError(`--moments: ${unknown.join(', ')} is not a moment (${NOTIFICATION_MOMENTS.join(', ')}, all, none)`);
  return Object.fromEntries(NOTIFICATION_MOMENTS.map((m) => [m, named.includes(m)])) as Record<NotificationMoment, boolean>;
}

function budgetsOption(options: Options, current: MessageBudgets): MessageBudgets {
  return {
    smsPerHour: whole(options, 'sms-per-hour', current.smsPerHour, 0, MAX_MESSAGE_BUDGETS.smsPerHour),
    smsPerDay: whole(options, 'sms-per-day', current.smsPerDay, 0, MAX_MESSAGE_BUDGETS.smsPerDay),
    perRecipientPerDay: whole(options, 'per-recipient-per-day', current.perRecipientPerDay, 0, MAX_MESSAGE_BUDGETS.perRecipientPerDay),
  };
}

function quietHoursOption(value: string | undefined, current: NotificationSettings['quietHours']) {
  if (value === undefined) return current;
  if (value === 'off') return null;
  const [start, end] = value.split('-');
  return { start: start ?? '', end: end ?? '' };
}

/** What the account's recipients are told, by SMS through Twilio and e-mail over SMTP (docs/decisions.md, "Telling the recipient"). */
export const notificationCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'show-notifications': async (options, { accounts }) => {
    const accountId = required(options, 'account');
    const account = await accounts.getAccount(accountId);
    if (!account) throw new NotFound(`no account ${accountId}`);
    return { accountId, notifications: notificationSettingsShown(account.notifications ?? DEFAULT_NOTIFICATION_SETTINGS) };
  },

  'set-notifications': (options, deps) =>
    change(options, deps, (current) => ({
      ...current,
      moments: momentsOption(options.moments, current.moments),
      quietHours: quietHoursOption(options['quiet-hours'], current.quietHours),
      arrivingSoonMinutes: whole(options, 'arriving-soon-minutes', current.arrivingSoonMinutes, 1, 120),
      defaultLanguage: options.language?.toLowerCase() ?? current.defaultLanguage,
      defaultCountry:
        options.country === undefined ? current.defaultCountry : options.country === 'none' ? null : options.country.toUpperCase(),
      smsCountries:
        options['sms-countries'] === undefined
          ? current.smsCountries
          : options['sms-countries'] === 'none'
            ? []
            : list(options['sms-countries']).map((c) => c.toUpperCase()),
      budgets: budgetsOption(options, current.budgets ?? DEFAULT_MESSAGE_BUDGETS),
    })),

  'set-twilio': (options, deps) =>
    change(options, deps, (current) => {
      if (options.off !== undefined) return { ...current, sms: null };
      const keySid = options['api-key-sid'];
      return {
        ...current,
        sms: {
          accountSid: required(options, 'account-sid'),
          authToken: required(options, 'auth-token'),
          apiKey: keySid ? { sid: keySid, secret: required(options, 'api-key-secret') } : null,
          from: options.from ?? null,
          messagingServiceSid: options['messaging-service-sid'] ?? null,
          baseUrl: options['base-url'] ?? TWILIO_API_BASE_URL,
        },
      };
    }),

  /** `--colour #rrggbb [--logo-url https://…]`: the account's look on the recipient's page and in e-mails; `--off`, none. */
  'set-brand': async (options, { settings }) => {
    const accountId = required(options, 'account');
    const brand = options.off !== undefined ? null : { colour: required(options, 'colour'), logoUrl: options['logo-url'] ?? null };
    if (!(await asUsage(() => settings.setBrand(accountId, brand)))) throw new NotFound(`no account ${accountId}`);
    return { accountId, brand };
  },

  /** `--moment M --language L --subject S --text T` sets the account's own wording; with `--off`, back to the shipped one. */
  'set-template': (options, deps) =>
    change(options, deps, (current) => {
      const moment = required(options, 'moment');
      if (!(NOTIFICATION_MOMENTS as readonly string[]).includes(moment))
        throw new UsageError(`--moment must be one of ${NOTIFICATION_MOMENTS.join(', ')}`);
      const key = wordingKey(moment as NotificationMoment, required(options, 'language').toLowerCase());
      const { [key]: _replaced, ...others } = current.templates ?? {};
      if (options.off !== undefined) return { ...current, templates: others };
      return { ...current, templates: { ...others, [key]: { subject: required(options, 'subject'), text: required(options, 'text') } } };
    }),

  'set-smtp': (options, deps) =>
    change(options, deps, (current) => {
      if (options.off !== undefined) return { ...current, email: null };
      const security = options.security ?? 'starttls';
      if (security !== 'tls' && security !== 'starttls') throw new UsageError('--security must be tls or starttls');
      const user = options.user;
      return {
        ...current,
        email: {
          host: required(options, 'host'),
          port: whole(options, 'port', security === 'tls' ? 465 : 587, 1, 65_535),
          security,
          auth: user ? { user, password: required(options, 'password') } : null,
          from: required(options, 'from'),
        },
      };
    }),
};
