import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getExpectedTwilioSignature } from 'twilio';

/** An account the fake knows: its SID and auth token, and API keys made for it. */
export interface TwilioAccountFixture {
  accountSid: string;
  authToken: string;
  apiKeys: { sid: string; secret: string }[];
  /** Numbers it may send from, and Messaging Services it has. */
  numbers: string[];
  messagingServiceSids: string[];
}

/** A message the fake accepted, as Twilio's Message resource holds it (the fields we send and read). */
export interface TwilioMessage {
  sid: string;
  account_sid: string;
  to: string;
  from: string | null;
  messaging_service_sid: string | null;
  body: string;
  status: string;
  num_segments: string;
  status_callback: string | null;
}

/** A request the fake took, and what it answered. */
export interface TwilioCall {
  path: string;
  status: number;
  form: Record<string, string>;
}

/** The answer to give the next creates instead of accepting them (a 429, a 503, an error code). */
export interface TwilioRefusal {
  status: number;
  code?: number;
  headers?: Record<string, string>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

/** Twilio's REST error body (twilio.com/docs/usage/twilios-response). */
const error = (res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers);

const E164 = /^\+[1-9]\d{1,14}$/;
const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
const SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;

export const twilioSid = (prefix: 'AC' | 'SK' | 'MG' | 'SM') => `${prefix}${randomBytes(16).toString('hex')}`;

/** A Twilio account of its own: an auth token, an API key, a number and a Messaging Service. */
export const aTwilioAccount = (): TwilioAccountFixture => ({
  accountSid: twilioSid('AC'),
  authToken: randomBytes(16).toString('hex'),
  apiKeys: [{ sid: twilioSid('SK'), secret: randomBytes(16).toString('hex') }],
  numbers: ['+15005550006'],
  messagingServiceSids: [twilioSid('MG')],
});

/** Twilio's signature of a request to a webhook, made by Twilio's own library (twilio-node). */
export const twilioSignatureOf = (authToken: string, url: string, form: Record<string, string>) =>
  getExpectedTwilioSignature(authToken, url, form);

async function readForm(req: IncomingMessage): Promise<Record<string, string> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return null;
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * A fake of Twilio's Messages API, written from Twilio's own OpenAPI (twilio/twilio-oai,
 * spec/json/twilio_api_v2010.json, `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`),
 * as a real HTTP server: it checks HTTP basic auth (`accountSid_authToken`: the account SID
 * and auth token, or an API key), the form encoding, `To` in E.164, `From` or
 * `MessagingServiceSid` (one the account has), a `Body`; answers 201 with the Message resource
 * (`status` queued), or Twilio's error shape. It then plays Twilio's side of the webhooks: a
 * message's status callback, and a recipient's reply to the incoming-message webhook, each
 * signed with `X-Twilio-Signature` as Twilio documents. With `closeAfterErrors`, a connection
 * that carried an error answer (a 429, a 503) is closed by the server, and a request the
 * client sends on it after all is cut unread, as an edge shedding load does.
 */
export async function startTwilioFake(accounts: TwilioAccountFixture[], options: { closeAfterErrors?: boolean } = {}) {
  const messages: TwilioMessage[] = [];
  const calls: TwilioCall[] = [];
  const refusals: TwilioRefusal[] = [];
  const served = new WeakSet<object>();
  const erred = new WeakSet<object>();
  const connections = { reused: 0, cut: 0 };
  const server = createServer(async (req, res) => {
    if (served.has(req.socket)) connections.reused += 1;
    served.add(req.socket);
    if (options.closeAfterErrors && erred.has(req.socket)) {
      // The server closed this connection after its error answer, and the close crossed the
      // client's next request on it: never read, never answered.
      connections.cut += 1;
      req.socket.destroy();
      return;
    }
    res.on('finish', () => res.statusCode >= 400 && erred.add(req.socket));
    const url = new URL(req.url ?? '/', 'http://twilio.fake');
    const form = (await readForm(req)) ?? {};
    const answer = (status: number, send: () => void) => {
      calls.push({ path: url.pathname, status, form });
      send();
    };
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (!match || req.method !== 'POST') return answer(404, () => error(res, 404, 20404, 'The requested resource was not found'));
    const account = accounts.find((a) => a.accountSid === match[1]);
    const [user, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':');
    const authorized =
      account &&
      ((user === account.accountSid && password === account.authToken) ||
        account.apiKeys.some((k) => k.sid === user && k.secret === password));
    if (!ACCOUNT_SID.test(match[1]!) || !authorized) return answer(401, () => error(res, 401, 20003, 'Authenticate'));
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return answer(400, () => error(res, 400, 21601, 'Unsupported content type'));
    }
    const refusal = refusals.shift();
    if (refusal)
      return answer(refusal.status, () => error(res, refusal.status, refusal.code ?? 20429, 'Refused by the test', refusal.headers));
    if (!form.To || !E164.test(form.To)) return answer(400, () => error(res, 400, 21211, "Invalid 'To' Phone Number"));
    if (!form.From && !form.MessagingServiceSid)
      return answer(400, () => error(res, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required"));
    if (form.From && !account.numbers.includes(form.From))
      return answer(400, () =>
        error(
          res,
          400,
          21606,
          "The 'From' phone number provided is not a valid message-capable Twilio phone number for this destination/account",
        ),
      );
    if (
      form.MessagingServiceSid &&
      (!SERVICE_SID.test(form.MessagingServiceSid) || !account.messagingServiceSids.includes(form.MessagingServiceSid))
    ) {
      return answer(400, () => error(res, 400, 21701, 'The Messaging Service Sid is invalid'));
    }
    if (!form.Body || form.Body.length > 1600)
      return answer(400, () => error(res, 400, 21602, 'Message body is required (and at most 1600 characters)'));
    const message: TwilioMessage = {
      sid: twilioSid('SM'),
      account_sid: account.accountSid,
      to: form.To,
      from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      body: form.Body,
      status: 'queued',
      num_segments: '1',
      status_callback: form.StatusCallback ?? null,
    };
    messages.push(message);
    answer(201, () =>
      json(res, 201, { ...message, api_version: '2010-04-01', direction: 'outbound-api', error_code: null, error_message: null }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** Posts a form to one of our webhooks, signed as Twilio signs it with the account's auth token. */
  const post = async (url: string, accountSid: string, form: Record<string, string>, signWith?: string) => {
    const account = accounts.find((a) => a.accountSid === accountSid)!;
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignatureOf(signWith ?? account.authToken, url, form),
        'user-agent': 'TwilioProxy/1.1',
      },
      body: new URLSearchParams(form).toString(),
    });
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    /** An account's SMS settings (our TwilioChannel) sending from its first number through this fake. */
    channelOf: (account: TwilioAccountFixture) => ({
      accountSid: account.accountSid,
      authToken: account.authToken,
      apiKey: null,
      from: account.numbers[0]!,
      messagingServiceSid: null,
      baseUrl: `http://127.0.0.1:${port}`,
    }),
    messages,
    calls,
    /** Requests that came on a kept-alive connection, and those cut unread on one closed after an error answer (`closeAfterErrors`). */
    connections,
    /** The next creates are answered so (in order), then accepted again. */
    refuseNext: (...given: TwilioRefusal[]) => void refusals.push(...given),
    /** Twilio's status callback of a message: `MessageStatus` and, when it failed, `ErrorCode` (twilio.com/docs/messaging/guides/track-outbound-message-status). */
    reportStatus: (message: TwilioMessage, status: 'sent' | 'delivered' | 'undelivered' | 'failed', errorCode?: string) => {
      message.status = status;
      return post(message.status_callback!, message.account_sid, {
        AccountSid: message.account_sid,
        MessageSid: message.sid,
        SmsSid: message.sid,
        MessageStatus: status,
        SmsStatus: status,
        To: message.to,
        From: message.from ?? '+15005550006',
        ApiVersion: '2010-04-01',
        ...(errorCode && { ErrorCode: errorCode }),
      });
    },
    /** A recipient's reply, as Twilio posts it to the number's incoming-message webhook (twilio.com/docs/messaging/guides/webhook-request). */
    reply: (url: string, accountSid: string, from: string, to: string, body: string, signWith?: string) =>
      post(
        url,
        accountSid,
        {
          AccountSid: accountSid,
          MessageSid: twilioSid('SM'),
          SmsSid: twilioSid('SM'),
          From: from,
          To: to,
          Body: body,
          NumMedia: '0',
          NumSegments: '1',
          ApiVersion: '2010-04-01',
        },
        signWith,
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TwilioFake = Awaited<ReturnType<typeof startTwilioFake>>;
