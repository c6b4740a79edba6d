export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The traceparent of the request behind the event: the POST joins its trace, and sends it on. */
  trace?: string;
}

/**
 * What became of one POST: the receiver's answer; `refused` when its address is not one
 * webhooks may go to (no connection was made); `error` for a timeout or a broken connection.
 */
export type SendResult =
  | { kind: 'response'; statusCode: number; latencyMs: number; retryAfter?: string; location?: string }
  | { kind: 'refused'; latencyMs: number; error: string }
  | { kind: 'error'; latencyMs: number; error: string };

export interface WebhookSender {
  send(request: WebhookRequest): Promise<SendResult>;
  close(): void;
}
