import type { TwilioChannel } from '@delivery/accounts';
import { OutboundClient, type OutboundPolicy, type OutboundResult } from '@delivery/outbound';
import type { SendOutcome, SmsSender } from '../ports/message-senders';
import { outcomeOfConnection, retryAfterMs } from './send-outcome';
import { inTrace } from '@delivery/observability/tracing';

/** What Twilio answers; only `sid` (201) and `code` (an error) are read. */
interface TwilioAnswer {
  sid?: unknown;
  code?: unknown;
}

/**
 * SMS through Twilio's Messages API, as its own OpenAPI describes it (twilio/twilio-oai,
 * spec/json/twilio_api_v2010.json, `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`):
 * a form-encoded body with `To` (E.164), `From` or `MessagingServiceSid`, `Body` and
 * `StatusCallback`; HTTP basic auth (`accountSid_authToken`: the account SID and auth token,
 * or an API key's SID and secret); `201` with the Message resource, whose `sid` we keep.
 * Errors come as `{code, message, more_info, status}` (twilio.com/docs/usage/twilios-response);
 * we keep the code, never the message text.
 */
export class TwilioSmsSender implements SmsSender {
  private readonly client: OutboundClient;

  constructor(
    policy: OutboundPolicy,
    private readonly timeoutMs: number,
  ) {
    this.client = new OutboundClient({ policy });
  }

  /** In the trace of the request behind the message, when it has one. */
  send(channel: TwilioChannel, message: Parameters<SmsSender['send']>[1]): Promise<SendOutcome> {
    return inTrace(message.trace, () => this.post(channel, message));
  }

  private async post(channel: TwilioChannel, message: { to: string; body: string; statusCallback: string | null }): Promise<SendOutcome> {
    const form = new URLSearchParams({ To: message.to, Body: message.body });
    if (channel.messagingServiceSid) form.set('MessagingServiceSid', channel.messagingServiceSid);
    if (channel.from) form.set('From', channel.from);
    if (message.statusCallback) form.set('StatusCallback', message.statusCallback);
    const [user, password] = channel.apiKey ? [channel.apiKey.sid, channel.apiKey.secret] : [channel.accountSid, channel.authToken];
    const result = await this.client.request({
      url: `${channel.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(channel.accountSid)}/Messages.json`,
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        'user-agent': 'delivery-orchestration-notifier/1',
      },
      body: form.toString(),
      timeoutMs: this.timeoutMs,
      maxResponseBytes: 64 * 1024,
    });
    return outcomeOf(result);
  }

  close(): void {
    this.client.close();
  }
}

function outcomeOf(result: OutboundResult): SendOutcome {
  if (result.kind !== 'response') return outcomeOfConnection(result, 'Twilio');
  const answer = parse(result.body);
  if (result.status === 201 && typeof answer.sid === 'string') return { kind: 'accepted', providerRef: answer.sid };
  const code = typeof answer.code === 'number' || typeof answer.code === 'string' ? String(answer.code) : null;
  if (result.status === 429 || result.status >= 500) {
    return {
      kind: 'later',
      reason: `Twilio answered ${result.status}${code ? ` (error ${code})` : ''}`,
      retryAfterMs: retryAfterMs(result.headers),
    };
  }
  if (result.status >= 200 && result.status < 300)
    return { kind: 'unknown', reason: `Twilio answered ${result.status} without a message SID` };
  return { kind: 'refused', code, reason: `Twilio refused the message: ${result.status}${code ? ` (error ${code})` : ''}` };
}

function parse(body: Buffer): TwilioAnswer {
  try {
    const json: unknown = JSON.parse(body.toString('utf8'));
    return typeof json === 'object' && json !== null ? (json as TwilioAnswer) : {};
  } catch {
    return {};
  }
}
