import type { SmtpChannel, TwilioChannel } from '@delivery/accounts';

/**
 * What became of a send, in our words: `accepted` with the provider's id; `refused` for
 * good (the provider's code, e.g. Twilio's 21610 for a recipient who replied STOP);
 * `later` for a "not now" (5xx, 429) worth retrying, after `retryAfterMs` when the provider
 * said; `unknown` when the request went out and no answer came, so it may have been sent.
 */
export type SendOutcome =
  | { kind: 'accepted'; providerRef: string }
  | { kind: 'refused'; code: string | null; reason: string }
  | { kind: 'later'; reason: string; retryAfterMs: number | null }
  | { kind: 'unknown'; reason: string };

/** The traceparent of the request behind a message: the provider's request joins its trace. */
interface Traced {
  trace?: string;
}

export interface SmsSender {
  send(channel: TwilioChannel, message: { to: string; body: string; statusCallback: string | null } & Traced): Promise<SendOutcome>;
  close(): void;
}

export interface EmailSender {
  send(
    channel: SmtpChannel,
    message: { to: string; subject: string; text: string; html: string; unsubscribeUrl: string; messageId: string } & Traced,
  ): Promise<SendOutcome>;
  close(): void;
}
