import { createTransport } from 'nodemailer';
import type { SmtpChannel } from '@delivery/accounts';
import { checkOutboundHost, ForbiddenOutboundUrl, type OutboundPolicy, type Resolver } from '@delivery/outbound';
import type { EmailSender, SendOutcome } from '../ports/message-senders';

/** Commands before the message's content: an error there means it was not handed over, so it may go again. */
const BEFORE_DATA = /^(CONN|EHLO|HELO|LHLO|STARTTLS|AUTH|MAIL FROM|RCPT TO)/i;

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
 * The host is checked against the outbound policy just before each connection, and the
 * connection goes to an address that check passed, named for TLS by the host.
 */
export class SmtpEmailSender implements EmailSender {
  constructor(private readonly options: SmtpEmailSenderOptions) {}

  async send(
    channel: SmtpChannel,
    message: { to: string; subject: string; text: string; html: string; unsubscribeUrl: string; messageId: string },
  ): Promise<SendOutcome> {
    let address: string;
    try {
      [address] = (await checkOutboundHost(channel.host, this.options.policy, this.options.resolve)) as [string];
    } catch (error) {
      if (error instanceof ForbiddenOutboundUrl)
        return {
          kind: 'refused',
          code: null,
          reason: `the SMTP server ${channel.host} is not reachable under the outbound policy: ${error.message}`,
        };
      throw error;
    }
    const transport = createTransport({
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
    } finally {
      transport.close();
    }
  }

  close(): void {}
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
