import { recordIntegrationSuite, startSmtpReceiver, type SmtpReceiver } from '@delivery/testing';
import type { SmtpChannel } from '@delivery/accounts';
import { SmtpEmailSender } from './smtp.email-sender';

const OPEN = { allowHttp: true, allowPrivateNetworks: true };
const mail = {
  to: 'ada@example.com',
  subject: 'Votre commande est livrée',
  text: 'Votre commande est livrée.\n\nNe plus recevoir ces e-mails: https://d.example/unsubscribe/t',
  html: '<p>Votre commande est livrée.</p>',
  unsubscribeUrl: 'https://d.example/unsubscribe/t',
  messageId: 'ntf_abc',
};

/** Our SMTP adapter against a real SMTP server (smtp-server), over implicit TLS and STARTTLS, its mail parsed with mailparser. */
describe.each(['tls', 'starttls'] as const)('e-mail over SMTP (%s)', (security) => {
  let smtp: SmtpReceiver;
  let sender: SmtpEmailSender;
  const channel = (overrides: Partial<SmtpChannel> = {}): SmtpChannel => ({
    host: 'localhost',
    port: smtp.port,
    security,
    auth: { user: 'notifier', password: 'secret' },
    from: 'Acme Deliveries <deliveries@acme.example>',
    ...overrides,
  });

  beforeAll(async () => {
    recordIntegrationSuite({ suite: 'notifier/smtp-sender', ran: true });
    smtp = await startSmtpReceiver({ security, user: 'notifier', password: 'secret' });
    sender = new SmtpEmailSender({ policy: OPEN, timeoutMs: 5_000, ca: smtp.ca });
  });
  afterAll(async () => {
    sender.close();
    await smtp.stop();
  });

  it('sends both parts from the account’s sender, with one-click unsubscribe (RFC 8058)', async () => {
    const outcome = await sender.send(channel(), mail);
    expect(outcome).toEqual({ kind: 'accepted', providerRef: '<ntf_abc@acme.example>' });
    const received = smtp.mails.at(-1)!;
    expect(received.envelopeTo).toEqual(['ada@example.com']);
    expect(received.messageId).toBe('<ntf_abc@acme.example>');
    expect(received.from!.value).toEqual([{ name: 'Acme Deliveries', address: 'deliveries@acme.example' }]);
    expect([received.subject, received.text?.trim(), received.html]).toEqual([mail.subject, mail.text, mail.html]);
    expect(received.headers.get('list')).toMatchObject({ unsubscribe: { url: mail.unsubscribeUrl } });
    expect(received.headerLines.find((h) => h.key === 'list-unsubscribe-post')!.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
  });

  it('refuses wrong credentials for good, and an untrusted certificate is never sent to', async () => {
    expect(await sender.send(channel({ auth: { user: 'notifier', password: 'wrong' } }), mail)).toMatchObject({ kind: 'refused' });
    const untrusting = new SmtpEmailSender({ policy: OPEN, timeoutMs: 5_000 });
    const count = smtp.mails.length;
    expect((await untrusting.send(channel(), mail)).kind).toBe('later');
    expect(smtp.mails).toHaveLength(count);
    untrusting.close();
  });

  it('goes through the outbound policy: an internal server is refused unless opened', async () => {
    const strict = new SmtpEmailSender({ policy: { allowHttp: false, allowPrivateNetworks: false }, timeoutMs: 5_000, ca: smtp.ca });
    expect(await strict.send(channel(), mail)).toMatchObject({ kind: 'refused', reason: expect.stringContaining('not a public address') });
    strict.close();
  });
});
