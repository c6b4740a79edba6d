import type { RequestHandler } from 'express';
import { DEFAULT_NOTIFICATION_SETTINGS, InvalidNotificationSettings, type AccountRepository } from '@delivery/accounts';
import { consolePutNotificationSettingsRequestSchema, DomainError } from '@delivery/contracts';
import type { OutboundPolicy } from '@delivery/outbound';
import { saveNotificationSettings } from '@delivery/webhooks';
import { consoleAccountOf } from '../console/console-auth';
import { validate } from '../http/validate';
import { applyConsoleChange, toConsoleNotificationSettings } from '../mappers/notification-settings.mapper';

interface NotificationSettingsDeps {
  accounts: AccountRepository;
  urlPolicy: OutboundPolicy;
}

/** What the account's recipients are told, and through which providers; no secret is answered. */
export function getNotificationSettingsRoute({ accounts }: NotificationSettingsDeps): RequestHandler {
  return async (_req, res) => {
    const account = await accounts.getAccount(consoleAccountOf(res.locals));
    res.json(toConsoleNotificationSettings(account?.notifications ?? DEFAULT_NOTIFICATION_SETTINGS));
  };
}

/** Changes them (admin): checked as the admin CLI checks them, providers' addresses through the outbound policy. */
export function putNotificationSettingsRoute(deps: NotificationSettingsDeps): RequestHandler {
  return async (req, res) => {
    const change = validate(consolePutNotificationSettingsRequestSchema, req.body);
    let saved;
    try {
      saved = await saveNotificationSettings(consoleAccountOf(res.locals), (current) => applyConsoleChange(current, change), deps);
    } catch (error) {
      if (error instanceof InvalidNotificationSettings) throw new DomainError('VALIDATION_FAILED', `Invalid request: ${error.message}`);
      throw error;
    }
    if (!saved) throw new DomainError('FORBIDDEN', 'The account no longer exists');
    res.json(toConsoleNotificationSettings(saved));
  };
}
