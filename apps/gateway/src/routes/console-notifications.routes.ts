import type { RequestHandler } from 'express';
import { DEFAULT_NOTIFICATION_SETTINGS, type AccountReader, type AccountSettings } from '@delivery/accounts';
import { consolePutNotificationSettingsRequestSchema, DomainError } from '@delivery/contracts';
import { consoleAccountOf } from '../console/console-auth';
import { refusedAsInvalidRequest } from '../http/domain-refusal';
import { validate } from '../http/validate';
import { applyConsoleChange, toConsoleNotificationSettings } from '../mappers/notification-settings.mapper';

interface NotificationSettingsDeps {
  accounts: AccountReader;
  settings: AccountSettings;
}

/** What the account's recipients are told, and through which providers; no secret is answered. */
export function getNotificationSettingsRoute({ accounts }: NotificationSettingsDeps): RequestHandler {
  return async (_req, res) => {
    const account = await accounts.getAccount(consoleAccountOf(res.locals));
    res.json(toConsoleNotificationSettings(account?.notifications ?? DEFAULT_NOTIFICATION_SETTINGS));
  };
}

/** Changes them (admin): checked as the admin CLI checks them, providers' addresses through the outbound policy. */
export function putNotificationSettingsRoute({ settings }: NotificationSettingsDeps): RequestHandler {
  return async (req, res) => {
    const change = validate(consolePutNotificationSettingsRequestSchema, req.body);
    const saved = await refusedAsInvalidRequest(() =>
      settings.changeNotificationSettings(consoleAccountOf(res.locals), (current) => applyConsoleChange(current, change)),
    );
    if (!saved) throw new DomainError('FORBIDDEN', 'The account no longer exists');
    res.json(toConsoleNotificationSettings(saved));
  };
}
