import { createHash } from 'node:crypto';
import { createTransport, type Transporter } from 'nodemailer';
import type { SmtpChannel } from '@delivery/accounts';
import { checkOutboundHost, ForbiddenOutboundUrl, type OutboundPolicy, type Resolver } from '@delivery/outbound';
import type { EmailSender, SendOutcome } from '../ports/message-senders';
import { inTrace } from '@delivery/observability/tracing';

/** Commands before the message's content: an error there means it was not handed over, so it may go again. */
const BEFORE_DATA = /^(CONN|EHLO|HELO|LHLO|STARTTLS|AUTH|MAIL FROM|RCPT TO)/i;

/** Connections kept open to one server for one account: e-mails go out over them, a TLS handshake each, not each message. */
const CONNECTIONS_PER_SERVER = 10;
/** How long a server's pool is used before its host is looked up and checked again (a changed DNS answer is then seen). */
const POOL_CHECKED_FOR_MS = 5 * 60_000;
const POOLS_KEPT = 1_000;

/** A server's pool, made once however many sends ask for it at once. */
interface Pool {
  transport: Promise<Transporter>;
  until: number;
}

export interface SmtpEmailSenderOptions {
  policy: OutboundPolicy;
  timeoutMs: number;
  /** Certificates trusted beside the system's (an operator's private CA); PEM. */
  ca?: string;
  resolve?: Resolver;
}

/**
 * E-mail through any SMTP server with nodemailer: implicit TLS or STARTTLS (required), the
 * account's credentials, plain and HTML parts, and RFC 8058 one-click unsubscribe
 * (`List-Unsubscribe` with an https URI, and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
 * Each account's server gets a pool of a few connections, kept for minutes: its host is
 * checked against the outbound policy when the pool is made, and every connection of the pool
 * goes to an address that check passed, named for TLS by the host.
 */
export class SmtpEmailSender implements EmailSender {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly options: SmtpEmailSenderOptions) {}

  /** The account's pool for its server as configured now: a changed setting (or password) is another pool. */
  private poolOf(channel: SmtpChannel): Promise<Transporter> {
    const key = createHash('sha256')
      .update(JSON.stringify([channel.host, channel.port, channel.security, channel.auth]))
      .digest('base64url');
    const now = Date.now();
    const kept = this.pools.get(key);
    if (kept && kept.until > now) return kept.transport;
    this.drop(key);
    if (this.pools.size >= POOLS_KEPT) this.drop(this.pools.keys().next().value!);
    const transport = this.open(channel);
    this.pools.set(key, { transport, until: now + POOL_CHECKED_FOR_MS });
    // A pool that could not be made is not kept: the next send tries again.
    transport.catch(() => this.pools.get(key)?.transport === transport && this.pools.delete(key));
    return transport;
  }

  private drop(key: string): void {
    this.pools.get(key)?.transport.then(
      (transport) => transport.close(),
      () => undefined,
    );
    this.pools.delete(key);
  }

  private async open(channel: SmtpChannel): Promise<Transporter> {
    const [address] = (await checkOutboundHost(channel.host, this.options.policy, this.options.resolve)) as [string];
    return createTransport({
      pool: true,
      maxConnections: CONNECTIONS_PER_SERVER,
      host: address,
      port: channel.port,
      secure: channel.security === 'tls',
      requireTLS: channel.security === 'starttls',
      auth: channel.auth ? { user: channel.auth.user, pass: channel.auth.password } : undefined,
      tls: { servername: channel.host, ...(this.options.ca && { ca: this.options.ca }) },
      connectionTimeout: this.options.timeoutMs,
      greetingTimeout: this.options.timeoutMs,
      socketTimeout: this.options.timeoutMs,
    });
  }

  /** In the trace of the request behind the message, when it has one. */
  send(channel: SmtpChannel, message: Parameters<EmailSender['send']>[1]): Promise<SendOutcome> {
    return inTrace(message.trace, () => this.deliver(channel, message));
  }

  private async deliver(
    channel: SmtpChannel,
    message: { to: string; subject: string; text: string; html: string; unsubscribeUrl: string; messageId: string },
  ): Promise<SendOutcome> {
    let transport: Transporter;
    try {
      transport = await this.poolOf(channel);
    } catch (error) {
      if (error instanceof ForbiddenOutboundUrl) {
        return {
          kind: 'refused',
          code: null,
          reason: `the SMTP server ${channel.host} is not reachable under the outbound policy: ${error.message}`,
        };
      }
      throw error;
    }
    const domain = /@([^>\s]+)>?\s*$/.exec(channel.from)?.[1] ?? 'notifier.invalid';
    try {
      const info = await transport.sendMail({
        from: channel.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.messageId}@${domain}>`,
        list: { unsubscribe: message.unsubscribeUrl },
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      return { kind: 'accepted', providerRef: info.messageId };
    } catch (error) {
      return outcomeOfError(error as SmtpError, channel.host);
    }
  }

  close(): void {
    for (const key of [...this.pools.keys()]) this.drop(key);
  }
}

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
}

function outcomeOfError(error: SmtpError, host: string): SendOutcome {
  const reply = error.responseCode;
  const where = `${host}${error.command ? ` at ${error.command.split(' ')[0]}` : ''}`;
  if (reply && reply >= 400 && reply < 500)
    return { kind: 'later', reason: `the SMTP server ${where} answered ${reply}`, retryAfterMs: null };
  if (reply && reply >= 500)
    return { kind: 'refused', code: String(reply), reason: `the SMTP server ${where} refused the message: ${reply}` };
  if (error.code === 'EAUTH') return { kind: 'refused', code: null, reason: `the SMTP server ${host} refused the account's credentials` };
  if (error.code === 'ECONNECTION' || error.code === 'EDNS' || error.code === 'ETLS' || BEFORE_DATA.test(error.command ?? 'CONN')) {
    return { kind: 'later', reason: `the SMTP server ${where} could not be reached (${error.code ?? 'error'})`, retryAfterMs: null };
  }
  return { kind: 'unknown', reason: `the SMTP server ${where} did not answer after the message went out (${error.code ?? 'error'})` };
}
