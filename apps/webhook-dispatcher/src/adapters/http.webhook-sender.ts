import http from 'node:http';
import https from 'node:https';
import { checkWebhookUrlShape, ForbiddenWebhookUrl, guardedLookup, type WebhookUrlPolicy } from '@delivery/webhooks';
import type { SendResult, WebhookRequest, WebhookSender } from '../ports/webhook-sender';

export interface HttpWebhookSenderOptions {
  policy: WebhookUrlPolicy;
  /** The whole exchange, connecting to the end of the answer. */
  timeoutMs: number;
  /** Open connections per receiver host; kept alive between webhooks. */
  maxSocketsPerHost?: number;
}

/**
 * POSTs webhooks with Node's own client: it follows no redirects, and its agents resolve
 * through `guardedLookup`, so a receiver's address is checked on every new connection.
 */
export class HttpWebhookSender implements WebhookSender {
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(private readonly options: HttpWebhookSenderOptions) {
    const agentOptions = { keepAlive: true, maxSockets: options.maxSocketsPerHost ?? 128, lookup: guardedLookup(options.policy) };
    this.agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  }

  send(request: WebhookRequest): Promise<SendResult> {
    const started = performance.now();
    const latencyMs = () => Math.round(performance.now() - started);
    let url: URL;
    try {
      url = checkWebhookUrlShape(request.url, this.options.policy);
    } catch (error) {
      return Promise.resolve({ kind: 'refused', latencyMs: 0, error: (error as Error).message });
    }
    const secure = url.protocol === 'https:';
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const settle = (result: SendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const failed = (error: Error) =>
        settle({ kind: error instanceof ForbiddenWebhookUrl ? 'refused' : 'error', latencyMs: latencyMs(), error: error.message });
      const outgoing = (secure ? https : http).request(url, {
        method: 'POST',
        agent: secure ? this.agents.https : this.agents.http,
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
      });
      const timer = setTimeout(() => outgoing.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
      outgoing.on('response', (response) => {
        response.on('error', failed);
        response.on('end', () =>
          settle({
            kind: 'response',
            statusCode: response.statusCode ?? 0,
            latencyMs: latencyMs(),
            retryAfter: response.headers['retry-after'],
            location: response.headers.location,
          }),
        );
        response.resume();
      });
      outgoing.on('error', failed);
      outgoing.end(request.body);
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
