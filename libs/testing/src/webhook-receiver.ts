import type { IncomingHttpHeaders } from 'node:http';
import { freePort } from './free-port';
import { serverWithOutages } from './port-outage';

export interface ReceivedWebhook {
  /** The request's path and query. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

/** How the receiver answers a webhook: a status and headers, chosen per request. */
export type WebhookAnswer = { status: number; headers?: Record<string, string> };
export type WebhookResponder = (webhook: ReceivedWebhook, index: number) => WebhookAnswer;

/**
 * A caller's webhook endpoint on the loopback: records every request (and every TCP
 * connection, to prove none was made), answers as the test says, and can go down and
 * come back on the same port, as a receiver's outage does.
 */
export async function startWebhookReceiver(respond: WebhookResponder = () => ({ status: 204 })) {
  const port = await freePort();
  const received: ReceivedWebhook[] = [];
  let responder = respond;
  let connections = 0;

  const { listen, close } = serverWithOutages(
    port,
    (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const webhook = { path: req.url ?? '/', headers: req.headers, body, receivedAt: Date.now() };
        received.push(webhook);
        const answer = responder(webhook, received.length - 1);
        res.writeHead(answer.status, answer.headers).end();
      });
    },
    (server) => server.on('connection', () => (connections += 1)),
  );

  await listen();
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    connections: () => connections,
    /** The distinct webhook-ids received: a receiver deduplicates on them. */
    distinctIds: () => new Set(received.map((w) => w.headers['webhook-id'] as string)),
    answerWith(next: WebhookResponder) {
      responder = next;
    },
    /** The receiver's outage: the port refuses connections until `start`. */
    stop: close,
    start: listen,
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
