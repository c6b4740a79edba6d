import type { SmtpChannel, TwilioChannel } from '@delivery/accounts';
import { DEFAULT_WORDINGS, type TemplateContext } from '@delivery/wording';
import { SmtpEmailSender } from '../../apps/notifier/src/adapters/smtp.email-sender';
import { TwilioSmsSender } from '../../apps/notifier/src/adapters/twilio.sms-sender';
import { composeMessage, DEFAULT_BRAND_COLOUR } from '../../apps/notifier/src/domain/wording/compose-message';

const OPEN = { allowHttp: true, allowPrivateNetworks: true };
/** Sends at once, as the notifier's worker has them. */
const IN_FLIGHT = 10;

const context: TemplateContext = {
  retailer: 'Bench',
  first_name: 'Ada',
  tracking_link: 'https://deliveries.example.com/t/trk_0123456789abcdef0123456789abcdef',
  eta: '',
  eta_in_words: '',
  window: '',
  driver: '',
  photo_link: '',
  next_step: 'none',
  unsubscribe_link: 'https://deliveries.example.com/unsubscribe/0123456789abcdef0123456789abcdef',
};

/**
 * What the provider conversations of one order's messages cost by themselves: the CPU of
 * this process for one SMS through the notifier's Twilio adapter and one e-mail through its
 * SMTP adapter (pooled, over TLS), the dispatch moment's default English wording, with
 * nothing stored, queued or evented. No notifier can tell a recipient for less, so it is the
 * floor under what notifications add to a Create Order.
 */
export async function providerConversationsCpuPerOrder(
  channels: { sms: TwilioChannel; email: SmtpChannel; ca: string },
  orders = 2_000,
): Promise<number> {
  const sms = new TwilioSmsSender(OPEN, 10_000);
  const email = new SmtpEmailSender({ policy: OPEN, timeoutMs: 10_000, ca: channels.ca });
  const wording = DEFAULT_WORDINGS.en!.dispatched;
  const brand = { name: 'Bench', colour: DEFAULT_BRAND_COLOUR };
  const one = async (i: number) => {
    // Each order's message is composed as the notifier composes it, so the e-mail is the size a recipient gets.
    const text = composeMessage('sms', wording, context, 'en', brand);
    const mail = composeMessage('email', wording, context, 'en', brand);
    const outcomes = await Promise.all([
      sms.send(channels.sms, { to: '+33612345678', body: text.text, statusCallback: 'https://deliveries.example.com/twilio/status' }),
      email.send(channels.email, {
        to: 'ada@example.com',
        subject: mail.subject!,
        text: mail.text,
        html: mail.html!,
        unsubscribeUrl: context.unsubscribe_link,
        messageId: `ntf_floor_${i}`,
      }),
    ]);
    const failed = outcomes.find((outcome) => outcome.kind !== 'accepted');
    if (failed) throw new Error(`a provider did not take a message: ${JSON.stringify(failed)}`);
  };
  const batch = async (count: number) => {
    for (let i = 0; i < count; i += IN_FLIGHT) await Promise.all(Array.from({ length: IN_FLIGHT }, (_, j) => one(i + j)));
  };
  try {
    // Connections open, TLS sessions made and code warm before the count starts.
    await batch(orders / 4);
    const before = process.cpuUsage();
    await batch(orders);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1_000 / orders;
  } finally {
    sms.close();
    email.close();
  }
}
