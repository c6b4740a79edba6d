import {
  checkNotificationSettings,
  DEFAULT_NOTIFICATION_SETTINGS,
  InvalidNotificationSettings,
  type AccountRepository,
  type NotificationSettings,
} from '@delivery/accounts';
import { checkOutboundHost, checkOutboundUrl, ForbiddenOutboundUrl, type OutboundPolicy, type Resolver } from '@delivery/outbound';
import { checkTemplate, TemplateProblem } from '@delivery/wording';

/**
 * Changes an account's notification settings, for the admin CLI and the console alike:
 * `change` gets the settings as they are (the defaults when none were set) and gives the
 * next ones, which are checked (checkNotificationSettings, and each wording's Liquid and
 * variables with checkTemplate) and whose Twilio URL and SMTP host
 * pass the outbound policy before they are saved. Null when the account does not exist;
 * throws InvalidNotificationSettings naming what cannot be used.
 */
export async function saveNotificationSettings(
  accountId: string,
  change: (current: NotificationSettings) => NotificationSettings,
  deps: { accounts: Pick<AccountRepository, 'getAccount' | 'setDeliveryPolicies'>; urlPolicy: OutboundPolicy; resolve?: Resolver },
): Promise<NotificationSettings | null> {
  const account = await deps.accounts.getAccount(accountId);
  if (!account) return null;
  const next = change(account.notifications ?? DEFAULT_NOTIFICATION_SETTINGS);
  checkNotificationSettings(next);
  try {
    for (const [key, wording] of Object.entries(next.templates ?? {})) {
      checkTemplate(wording.subject, `the subject of ${key}`, 'subject');
      checkTemplate(wording.text, `the text of ${key}`);
    }
  } catch (error) {
    if (error instanceof TemplateProblem) throw new InvalidNotificationSettings(error.message);
    throw error;
  }
  try {
    if (next.sms) await checkOutboundUrl(next.sms.baseUrl, deps.urlPolicy, deps.resolve);
    if (next.email) await checkOutboundHost(next.email.host, deps.urlPolicy, deps.resolve);
  } catch (error) {
    if (error instanceof ForbiddenOutboundUrl)
      throw new InvalidNotificationSettings(`the provider's address cannot be used: ${error.message}`);
    throw error;
  }
  return (await deps.accounts.setDeliveryPolicies(accountId, { notifications: next })) ? next : null;
}

/** The settings as shown to people: every secret replaced by whether it is set. */
export const notificationSettingsShown = (settings: NotificationSettings) => ({
  ...settings,
  sms: settings.sms && {
    ...settings.sms,
    authToken: 'set',
    apiKey: settings.sms.apiKey && { sid: settings.sms.apiKey.sid, secret: 'set' },
  },
  email: settings.email && { ...settings.email, auth: settings.email.auth && { user: settings.email.auth.user, password: 'set' } },
});
