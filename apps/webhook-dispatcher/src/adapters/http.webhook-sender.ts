import { OutboundClient, type OutboundPolicy } from '@delivery/outbound';
import type { SendResult, WebhookRequest, WebhookSender } from '../ports/webhook-sender';
import { inTrace } from '@delivery/observability/tracing';

/** A receiver's answer body is not ours to read: enough to drain a short one, then the connection is cut. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** POSTs webhooks through the outbound policy's client; the status and two headers are all that is kept of an answer. */
export class HttpWebhookSender implements WebhookSender {
  private readonly client: OutboundClient;
  private readonly timeoutMs: number;

  constructor(options: { policy: OutboundPolicy; timeoutMs: number }) {
    this.client = new OutboundClient({ policy: options.policy });
    this.timeoutMs = options.timeoutMs;
  }

  /** In the trace of the request behind the event, when it has one. */
  send(request: WebhookRequest): Promise<SendResult> {
    return inTrace(request.trace, () => this.post(request));
  }

  private async post(request: WebhookRequest): Promise<SendResult> {
    const result = await this.client.request({
      url: request.url,
      method: 'POST',
      headers: request.headers,
      body: request.body,
      timeoutMs: this.timeoutMs,
      maxResponseBytes: MAX_ANSWER_BYTES,
    });
    if (result.kind !== 'response')
      return { kind: result.kind === 'refused' ? 'refused' : 'error', latencyMs: result.latencyMs, error: result.error };
    const header = (name: string) => [result.headers[name]].flat()[0];
    return {
      kind: 'response',
      statusCode: result.status,
      latencyMs: result.latencyMs,
      retryAfter: header('retry-after'),
      location: header('location'),
    };
  }

  close(): void {
    this.client.close();
  }
}
