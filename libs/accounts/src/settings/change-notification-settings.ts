import { checkTemplate, TemplateProblem } from '@delivery/wording';
import { checkNotificationSettings, InvalidNotificationSettings } from '../notification-settings-check';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../notification-settings';
import { changedAtRevision } from './changed-at-revision';
import { checkConfiguredHost, checkConfiguredUrl } from './configured-url';
import type { SettingsDeps } from './settings-deps';

/**
 * Changes an account's notification settings (moments, providers, budgets, wording): `change`
 * gets the settings as they are (the defaults when none were set) and gives the next ones,
 * which are checked (checkNotificationSettings, and each wording's Liquid and variables with
 * checkTemplate) and whose Twilio URL and SMTP host pass the outbound policy before they are
 * saved, at the revision they were read at (the account's `policiesRevision`): a save that
 * meets another applies its change again to what that one left. Null when the account does
 * not exist; throws InvalidSetting naming what cannot be used.
 */
export function changeNotificationSettings(
  accountId: string,
  change: (current: NotificationSettings) => NotificationSettings,
  deps: Pick<SettingsDeps, 'accounts' | 'urlPolicy' | 'resolve'>,
): Promise<NotificationSettings | null> {
  return changedAtRevision(
    `the notification settings of ${accountId}`,
    () => deps.accounts.getAccount(accountId),
    async (account) => {
      const next = change(account.notifications ?? DEFAULT_NOTIFICATION_SETTINGS);
      await checked(next, deps);
      return (await deps.accounts.setDeliveryPolicies(accountId, { notifications: next }, account.policiesRevision ?? 0)) && next;
    },
  );
}

/** Throws InvalidNotificationSettings naming what cannot be used. */
async function checked(next: NotificationSettings, deps: Pick<SettingsDeps, 'urlPolicy' | 'resolve'>): Promise<void> {
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
  const field = "the provider's address cannot be used";
  if (next.sms) await checkConfiguredUrl(field, next.sms.baseUrl, deps);
  if (next.email) await checkConfiguredHost(field, next.email.host, deps);
}
