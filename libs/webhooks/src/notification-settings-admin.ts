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
 * pass the outbound policy before they are saved, at the revision they were read at (the
 * account's `policiesRevision`). Null when the account does not exist; throws
 * InvalidNotificationSettings naming what cannot be used.
 */
export async function saveNotificationSettings(
  accountId: string,
  change: (current: NotificationSettings) => NotificationSettings,
  deps: { accounts: Pick<AccountRepository, 'getAccount' | 'setDeliveryPolicies'>; urlPolicy: OutboundPolicy; resolve?: Resolver },
): Promise<NotificationSettings | null> {
  // Another save between this one's read and its write makes the write miss its revision: read
  // again and apply the change to what that save left, so two saves at once both land.
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt += 1) {
    const account = await deps.accounts.getAccount(accountId);
    if (!account) return null;
    const next = change(account.notifications ?? DEFAULT_NOTIFICATION_SETTINGS);
    await checked(next, deps);
    if (await deps.accounts.setDeliveryPolicies(accountId, { notifications: next }, account.policiesRevision ?? 0)) return next;
  }
  throw new Error(`the notification settings of ${accountId} changed under ${SAVE_ATTEMPTS} saves in a row`);
}

/** Saves in a row that may meet another before one gives up: far more than people or scripts make at once. */
const SAVE_ATTEMPTS = 20;

/** Throws InvalidNotificationSettings naming what cannot be used. */
async function checked(next: NotificationSettings, deps: { urlPolicy: OutboundPolicy; resolve?: Resolver }): Promise<void> {
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
