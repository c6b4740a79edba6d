import type { MessageRecordInput } from '@delivery/rpc';
import type { Message } from '../domain/message';

/** A message as the console reads it: the address was masked when it was rendered, and is kept only so. */
export const messageToRecord = (message: Message): MessageRecordInput => ({
  id: message.id,
  taskId: message.taskId,
  moment: message.moment,
  channel: message.channel,
  status: message.status,
  createdAt: message.createdAt,
  to: message.sent?.to,
  language: message.sent?.language,
  subject: message.sent?.subject ?? undefined,
  body: message.sent?.body,
  segments: message.sent?.segments ?? undefined,
  provider: message.provider ?? undefined,
  history: message.history.map((change) => ({ at: change.at, status: change.status, detail: change.detail ?? undefined })),
});
