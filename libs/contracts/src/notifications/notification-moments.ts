/**
 * The moments of a delivery at which the recipient may be told something (docs/decisions.md,
 * "Telling the recipient"), in the order a delivery reaches them.
 */
export const NOTIFICATION_MOMENTS = [
  'reservation_confirmed',
  'dispatched',
  'on_the_way',
  'arriving_soon',
  'late',
  'failed_attempt',
  'delivered',
] as const;
export type NotificationMoment = (typeof NOTIFICATION_MOMENTS)[number];

export const NOTIFICATION_CHANNELS = ['sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The languages whose wording ships with the service; an account may add its own. */
export const SHIPPED_LANGUAGES = ['en', 'fr', 'es', 'de'] as const;

/**
 * Where a message stands: waiting to go (`pending`), handed to the provider (`sent`), and
 * the provider's last word on it (`delivered`, `undelivered`, `failed`); `skipped` was
 * never sent (opted out, no usable address, its moment passed, the task cancelled);
 * `not_sent` was rendered with no provider configured; `unknown` went out in a request
 * whose answer never came, so it is not sent again blindly.
 */
export const MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'undelivered', 'failed', 'skipped', 'not_sent', 'unknown'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
