import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULT_NOTIFICATION_SETTINGS, type Account } from '@delivery/accounts';
import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir, twilioSignatureOf } from '@delivery/testing';
import { EmbeddedMessageRepository } from '../adapters/message.embedded-repository';
import { EmbeddedOptOutRepository } from '../adapters/opt-out.embedded-repository';
import { A_TWILIO_CHANNEL } from '../testing/twilio-channel.fixture';
import { AddressHasher } from './address-hash';
import { takeTwilioInbound, type RecipientRepliesDeps } from './recipient-replies';
import { UnsubscribeTokens } from './unsubscribe-token';

/** Replies by SMS to the account's number, signed as Twilio signs them (its own library), taken once each (issue 49). */
describe('a recipient’s replies by SMS', () => {
  const dir = tempDataDir('notifier-replies-');
  const store = openEmbeddedStore(join(dir.path, 'notifier'));
  const messages = new EmbeddedMessageRepository(store);
  const optOuts = new EmbeddedOptOutRepository(store, messages.outbox);
  const keys = [randomBytes(32)];
  const hasher = new AddressHasher(keys);
  const url = 'https://deliveries.example.com/notifications/twilio/acc/inbound';
  const deps: RecipientRepliesDeps = {
    messages,
    optOuts,
    accountOf: async (id) =>
      ({ id, name: 'Acme', createdAt: '', notifications: { ...DEFAULT_NOTIFICATION_SETTINGS, sms: A_TWILIO_CHANNEL } }) as Account,
    hasher,
    unsubscribeTokens: new UnsubscribeTokens(keys),
    clock: new ManualClock(new Date('2026-11-28T12:00:00.000Z')),
    stored: () => undefined,
  };
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  /** Twilio's incoming-message request of `body` from the recipient (twilio.com/docs/messaging/guides/webhook-request). */
  const reply = (body: string, messageSid = `SM${randomBytes(16).toString('hex')}`) => {
    const params = {
      AccountSid: A_TWILIO_CHANNEL.accountSid,
      MessageSid: messageSid,
      From: '+33612345678',
      To: '+15005550006',
      Body: body,
    };
    return { accountId: 'acc', url, signature: twilioSignatureOf(A_TWILIO_CHANNEL.authToken, url, params), params };
  };
  const optedOut = () => optOuts.has('acc', 'sms', hasher.hashes('acc', 'sms', '+33612345678'));

  it('a signed START replayed after a STOP changes nothing; a new START opts back in', async () => {
    const start = reply('START');
    await takeTwilioInbound(start, deps);
    await takeTwilioInbound(reply('STOP'), deps);
    expect(await optedOut()).toBe(true);
    await takeTwilioInbound(start, deps);
    expect(await optedOut()).toBe(true);
    await takeTwilioInbound(reply('START'), deps);
    expect(await optedOut()).toBe(false);
  });

  it('a STOP replayed after a START changes nothing', async () => {
    const stop = reply('STOP');
    await takeTwilioInbound(stop, deps);
    await takeTwilioInbound(reply('UNSTOP'), deps);
    await takeTwilioInbound(stop, deps);
    expect(await optedOut()).toBe(false);
  });

  it('a reply without its MessageSid is not acted on', async () => {
    const { params, ...rest } = reply('STOP');
    const { MessageSid: _none, ...without } = params;
    await takeTwilioInbound({ ...rest, params: without, signature: twilioSignatureOf(A_TWILIO_CHANNEL.authToken, url, without) }, deps);
    expect(await optedOut()).toBe(false);
  });
});
