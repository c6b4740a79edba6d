import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TWILIO_API_BASE_URL, type TwilioChannel } from '@delivery/accounts';
import { aTwilioAccount, freePort, recordIntegrationSuite, startTwilioFake, type TwilioFake } from '@delivery/testing';
import { TwilioSmsSender } from './twilio.sms-sender';

const OPEN = { allowHttp: true, allowPrivateNetworks: true };

/** Our Twilio adapter against the fake of Twilio's Messages API, a real HTTP server written from Twilio's OpenAPI. */
describe('SMS through Twilio’s Messages API', () => {
  const account = aTwilioAccount();
  let twilio: TwilioFake;
  const sender = new TwilioSmsSender(OPEN, 1_000);
  const channel = (overrides: Partial<TwilioChannel> = {}): TwilioChannel => ({ ...twilio.channelOf(account), ...overrides });
  const message = {
    to: '+33612345678',
    body: 'Votre commande arrive dans 10 minutes.',
    statusCallback: 'https://deliveries.example.com/notifications/twilio/acc/status',
  };

  beforeAll(async () => {
    recordIntegrationSuite({ suite: 'notifier/twilio-sender', ran: true });
    twilio = await startTwilioFake([account]);
  });
  afterAll(async () => {
    sender.close();
    await twilio.stop();
  });

  it('sends as the account, with the fields Twilio documents, and keeps the message SID', async () => {
    const outcome = await sender.send(channel(), message);
    expect(outcome).toEqual({ kind: 'accepted', providerRef: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    expect(twilio.calls.at(-1)!.form).toEqual({
      To: '+33612345678',
      From: '+15005550006',
      Body: message.body,
      StatusCallback: message.statusCallback,
    });
  });

  it('sends with an API key, from a Messaging Service', async () => {
    const outcome = await sender.send(
      channel({ apiKey: account.apiKeys[0]!, from: null, messagingServiceSid: account.messagingServiceSids[0]! }),
      message,
    );
    expect(outcome.kind).toBe('accepted');
    expect(twilio.calls.at(-1)!.form).toMatchObject({ MessagingServiceSid: account.messagingServiceSids[0], To: '+33612345678' });
  });

  it('takes Twilio’s refusals for good, with its code and never its text', async () => {
    expect(await sender.send(channel({ authToken: 'wrong' }), message)).toEqual({
      kind: 'refused',
      code: '20003',
      reason: 'Twilio refused the message: 401 (error 20003)',
    });
    twilio.refuseNext({ status: 400, code: 21610 });
    expect(await sender.send(channel(), message)).toMatchObject({ kind: 'refused', code: '21610' });
    expect(await sender.send(channel(), { ...message, to: '0612345678' })).toMatchObject({ kind: 'refused', code: '21211' });
  });

  it('takes 429 and 5xx as “not now”, with Twilio’s Retry-After', async () => {
    twilio.refuseNext({ status: 429, code: 20429, headers: { 'retry-after': '30' } }, { status: 503, code: 20500 });
    expect(await sender.send(channel(), message)).toEqual({
      kind: 'later',
      reason: 'Twilio answered 429 (error 20429)',
      retryAfterMs: 30_000,
    });
    expect(await sender.send(channel(), message)).toEqual({
      kind: 'later',
      reason: 'Twilio answered 503 (error 20500)',
      retryAfterMs: null,
    });
  });

  it('calls a request that went out and got no answer unknown (maybe sent), and a refused connection “not now”', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    expect((await sender.send(channel({ baseUrl: `http://127.0.0.1:${port}` }), message)).kind).toBe('unknown');
    silent.closeAllConnections();
    silent.close();
    expect((await sender.send(channel({ baseUrl: `http://127.0.0.1:${await freePort()}` }), message)).kind).toBe('later');
  });

  it('reads every answer when Twilio closes the connection after a 429 or a 503: never a cut request, never unknown', async () => {
    const closing = await startTwilioFake([account], { closeAfterErrors: true });
    const on = channel({ baseUrl: closing.baseUrl });
    const outcomes = [];
    for (let i = 0; i < 2; i++) outcomes.push((await sender.send(on, message)).kind);
    closing.refuseNext({ status: 429, code: 20429 }, { status: 503, code: 20500 }, { status: 429, code: 20429 });
    for (let i = 0; i < 4; i++) outcomes.push((await sender.send(on, message)).kind);
    expect(outcomes).toEqual(['accepted', 'accepted', 'later', 'later', 'later', 'accepted']);
    // Witness that connections are kept alive (after an accepted message), and none was used after an error answer.
    expect(closing.connections).toEqual({ reused: expect.any(Number), cut: 0 });
    expect(closing.connections.reused).toBeGreaterThan(0);
    expect(closing.messages).toHaveLength(3);
    await closing.stop();
  });

  it('goes through the outbound policy: no plain http, no internal address, unless opened', async () => {
    const strict = new TwilioSmsSender({ allowHttp: false, allowPrivateNetworks: false }, 1_000);
    expect(await strict.send(channel(), message)).toMatchObject({ kind: 'refused', code: null });
    expect((await strict.send(channel({ baseUrl: 'https://127.0.0.1:9' }), message)).kind).toBe('refused');
    expect(channel({ baseUrl: TWILIO_API_BASE_URL }).baseUrl).toBe('https://api.twilio.com');
    strict.close();
  });
});
