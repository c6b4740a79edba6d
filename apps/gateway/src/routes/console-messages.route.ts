import type { RequestHandler } from 'express';
import { z } from 'zod';
import { consoleMessageSchema, type ConsoleMessage } from '@delivery/contracts';
import type { MessageRecordMessage } from '@delivery/rpc';
import type { NotifierGateway } from '../clients/notifier.client';
import { consoleAccountOf } from '../console/console-auth';
import { validate } from '../http/validate';

const taskParamsSchema = z.object({ taskId: z.string().min(1).max(200) });

const toConsoleMessage = (m: MessageRecordMessage): ConsoleMessage =>
  consoleMessageSchema.parse({
    id: m.id,
    moment: m.moment,
    channel: m.channel,
    status: m.status,
    created_at: m.createdAt,
    to: m.to ?? null,
    language: m.language ?? null,
    subject: m.subject ?? null,
    body: m.body ?? null,
    segments: m.segments ?? null,
    provider: m.provider ?? null,
    history: m.history.map((h) => ({ at: h.at, status: h.status, detail: h.detail ?? null })),
  });

/** The messages told to a delivery's recipient, oldest first, each with every status it reached; addresses masked. */
export function listMessagesRoute(notifier: NotifierGateway): RequestHandler {
  return async (req, res) => {
    const { taskId } = validate(taskParamsSchema, req.params);
    const { messages } = await notifier.listMessages({ accountId: consoleAccountOf(res.locals), taskId });
    res.json({ messages: messages.map(toConsoleMessage) });
  };
}
