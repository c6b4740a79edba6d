import { z } from 'zod';
import { MESSAGE_STATUSES, NOTIFICATION_CHANNELS, NOTIFICATION_MOMENTS } from '../../notifications/notification-moments';

/** One message told to a delivery's recipient, as the console shows it: the address masked, the text as sent (or as it would have been). */
export const consoleMessageSchema = z.object({
  id: z.string(),
  moment: z.enum(NOTIFICATION_MOMENTS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  status: z.enum(MESSAGE_STATUSES),
  created_at: z.string(),
  to: z.string().nullable(),
  language: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  segments: z.number().int().nullable(),
  provider: z.enum(['twilio', 'smtp']).nullable(),
  history: z.array(z.object({ at: z.string(), status: z.enum(MESSAGE_STATUSES), detail: z.string().nullable() })),
});
export type ConsoleMessage = z.infer<typeof consoleMessageSchema>;

export const consoleMessageListSchema = z.object({ messages: z.array(consoleMessageSchema) });
