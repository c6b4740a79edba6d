import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { RemoteCallError } from '@delivery/rpc';
import type { NotifierGateway } from '../clients/notifier.client';
import { validate } from '../http/validate';
import {
  UNSUBSCRIBE_PAGE_HEADERS,
  unsubscribeAskPage,
  unsubscribedPage,
  unsubscribeNotFoundPage,
  unsubscribeUnavailablePage,
} from '../notifications/unsubscribe-page';

const accountParamsSchema = z.object({ accountId: z.string().min(1).max(200) });
const tokenParamsSchema = z.object({ token: z.string().min(1).max(500) });

/** Twilio's form fields as strings: a field sent twice keeps its first value (Twilio sends each once). */
function formFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([name, value]) => [name, String(Array.isArray(value) ? value[0] : value)]),
  );
}

/** The request as Twilio signed it: our public address (the one given to Twilio) and the path and query it called. */
const twilioRequest = (req: Request, publicBaseUrl: string) => ({
  accountId: validate(accountParamsSchema, req.params).accountId,
  url: `${publicBaseUrl}${req.originalUrl}`,
  signature: req.get('x-twilio-signature') ?? '',
  params: formFields(req.body),
});

/** Twilio's status callback of a message we sent: 204 once recorded (Twilio retries on errors). */
export function twilioStatusRoute(notifier: NotifierGateway, publicBaseUrl: () => string): RequestHandler {
  return async (req, res) => {
    await notifier.takeTwilioStatus(twilioRequest(req, publicBaseUrl()));
    res.status(204).end();
  };
}

/** Twilio's incoming-message webhook: STOP and START are recorded; the answer is empty TwiML, so nothing more is sent back. */
export function twilioInboundRoute(notifier: NotifierGateway, publicBaseUrl: () => string): RequestHandler {
  return async (req, res) => {
    await notifier.takeTwilioInbound(twilioRequest(req, publicBaseUrl()));
    res.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  };
}

export const unsubscribePageRoute: RequestHandler = (_req, res) => void res.set(UNSUBSCRIBE_PAGE_HEADERS).send(unsubscribeAskPage());

/** The one-click unsubscribe (RFC 8058): the mail client's POST, or the page's button. */
export function unsubscribeRoute(notifier: NotifierGateway, logger: Pick<Console, 'error'>): RequestHandler {
  return async (req, res) => {
    res.set(UNSUBSCRIBE_PAGE_HEADERS);
    const parsed = tokenParamsSchema.safeParse(req.params);
    if (!parsed.success) return void res.status(404).send(unsubscribeNotFoundPage());
    try {
      await notifier.unsubscribe({ token: parsed.data.token });
      res.send(unsubscribedPage());
    } catch (error) {
      if (error instanceof RemoteCallError && error.code === 'UNSUBSCRIBE_LINK_NOT_FOUND')
        return void res.status(404).send(unsubscribeNotFoundPage());
      logger.error('unsubscribe unavailable:', error instanceof Error ? error.message : error);
      res.status(503).send(unsubscribeUnavailablePage());
    }
  };
}
