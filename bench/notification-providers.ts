/**
 * The notifier benchmark's providers, in a process of their own as Twilio and a mail server
 * are, so they take no CPU from the notifier under test: the fake of Twilio's Messages API
 * and a real SMTP server over TLS. Tells its parent where they listen, then how many SMS and
 * e-mails arrived and the CPU it has used, every 100 ms.
 */
import { aTwilioAccount, startSmtpReceiver, startTwilioFake, type TwilioAccountFixture } from '@delivery/testing';

export type ProvidersMessage =
  | { kind: 'listening'; account: TwilioAccountFixture; twilioBaseUrl: string; smtpPort: number; ca: string }
  | { kind: 'received'; sms: number; emails: number; cpuMs: number };

void (async () => {
  const account = aTwilioAccount();
  const twilio = await startTwilioFake([account]);
  const smtp = await startSmtpReceiver({ security: 'tls', user: 'bench', password: 'bench' });
  const send = (message: ProvidersMessage) => process.send!(message);
  send({ kind: 'listening', account, twilioBaseUrl: twilio.baseUrl, smtpPort: smtp.port, ca: smtp.ca });
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1_000;
  };
  const report = setInterval(() => send({ kind: 'received', sms: twilio.messages.length, emails: smtp.mails.length, cpuMs: cpuMs() }), 100);
  process.on('disconnect', () => {
    clearInterval(report);
    void twilio.stop();
    void smtp.stop();
  });
})();
