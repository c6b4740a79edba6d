import type { RequestHandler } from 'express';
import { z } from 'zod';
import { DEFAULT_NOTIFICATION_SETTINGS, wordingKey, type AccountReader, type AccountSettings } from '@delivery/accounts';
import {
  consolePreviewRequestSchema,
  consolePutWordingRequestSchema,
  consoleWordingQuerySchema,
  DomainError,
  NOTIFICATION_MOMENTS,
  type ConsolePreview,
  type ConsoleWording,
} from '@delivery/contracts';
import { wordingFor } from '@delivery/wording';
import type { NotifierGateway } from '../clients/notifier.client';
import { consoleAccountOf } from '../console/console-auth';
import { refusedAsInvalidRequest } from '../http/domain-refusal';
import { validate } from '../http/validate';

interface WordingDeps {
  accounts: AccountReader;
  settings: AccountSettings;
}

const wordingParamsSchema = z.object({ moment: z.enum(NOTIFICATION_MOMENTS), language: z.string().regex(/^[a-zA-Z]{2,3}$/) });

/** A moment's wording in a language as recipients get it: the account's own, else the shipped one (or the default language's). */
export function getWordingRoute({ accounts }: WordingDeps): RequestHandler {
  return async (req, res) => {
    const { moment, language } = validate(consoleWordingQuerySchema, req.query);
    const settings = (await accounts.getAccount(consoleAccountOf(res.locals)))?.notifications ?? DEFAULT_NOTIFICATION_SETTINGS;
    const asked = language.toLowerCase();
    const found = wordingFor(moment, asked, settings.defaultLanguage, settings.templates);
    const answer: ConsoleWording = {
      moment,
      language: asked,
      ...found.wording,
      own: Boolean(settings.templates?.[wordingKey(moment, asked)]),
      from_language: found.language,
    };
    res.json(answer);
  };
}

/** Saves the account's own wording (admin), checked as the admin CLI checks it; DELETE goes back to the shipped one. */
export function putWordingRoute({ settings }: WordingDeps, remove = false): RequestHandler {
  return async (req, res) => {
    const { moment, language } = validate(wordingParamsSchema, req.params);
    const given = remove ? null : validate(consolePutWordingRequestSchema, req.body);
    const key = wordingKey(moment, language.toLowerCase());
    const saved = await refusedAsInvalidRequest(() =>
      settings.changeNotificationSettings(consoleAccountOf(res.locals), (current) => {
        const { [key]: _replaced, ...others } = current.templates ?? {};
        return { ...current, templates: given ? { ...others, [key]: given } : others };
      }),
    );
    if (!saved) throw new DomainError('FORBIDDEN', 'The account no longer exists');
    res.status(204).end();
  };
}

/** A wording rendered as it would go out (the editor's preview), for one of the account's deliveries or a sample one. */
export function previewWordingRoute(notifier: NotifierGateway): RequestHandler {
  return async (req, res) => {
    const body = validate(consolePreviewRequestSchema, req.body);
    const preview = await notifier.previewMessage({
      accountId: consoleAccountOf(res.locals),
      taskId: body.task_id,
      moment: body.moment,
      language: body.language,
      channel: body.channel,
      subject: body.subject,
      text: body.text,
    });
    const answer: ConsolePreview = {
      subject: preview.subject ?? null,
      text: preview.text,
      html: preview.html ?? null,
      segments: preview.segments ?? null,
    };
    res.json(answer);
  };
}
