import type { NotificationSettings } from './notification-settings';

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
