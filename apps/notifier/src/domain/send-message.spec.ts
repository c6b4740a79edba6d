import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DEFAULT_NOTIFICATION_SETTINGS, type Account, type NotificationSettings } from '@delivery/accounts';
import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedMessageRepository } from '../adapters/message.embedded-repository';
import { EmbeddedOptOutRepository } from '../adapters/opt-out.embedded-repository';
import type { SendOutcome } from '../ports/message-senders';
import type { Recipient } from '../ports/recipient-directory';
import { AddressHasher } from './address-hash';
import { aNewMessage } from '../testing/message.fixture';
import { A_TWILIO_CHANNEL } from '../testing/twilio-channel.fixture';
import type { Message, NewMessage } from './message';
import { sendMessage, settleAtOnce, type SendMessageDeps } from './send-message';

const T0 = Date.parse('2026-11-27T12:00:00.000Z');

/** One message at a time through `sendMessage`, over the embedded store, with senders that answer as told. */
describe('sending a message', () => {
  const dir = tempDataDir('notifier-send-');
  const store = openEmbeddedStore(join(dir.path, 'notifier'));
  const messages = new EmbeddedMessageRepository(store);
  const optOuts = new EmbeddedOptOutRepository(store, messages.outbox);
  let clock = new ManualClock(new Date(T0));
  const hasher = new AddressHasher([randomBytes(32)]);
  let settings: NotificationSettings;
  let answer: SendOutcome;
  const ADA: Recipient = { personName: 'Ada Lovelace', phoneNumber: '+1 (217) 555-0199', email: 'ada@example.com', countryCode: 'US' };
  let recipient = ADA;
  const overBudget: string[] = [];
  const counts = new Map<string, number>();
  const sent: string[] = [];
  const deps: SendMessageDeps = {
    messages,
    optOuts,
    recipients: {
      find: async () => recipient,
      snapshotOf: async () => null,
    },
    accountOf: async (id) => ({ id, name: 'Acme', createdAt: '2026-01-01T00:00:00.000Z', notifications: settings }) as Account,
    timeZoneOf: async () => 'America/Chicago',
    sms: { send: async (_channel, { body }) => (sent.push(body), answer), close: () => undefined },
    email: { send: async (_channel, { subject }) => (sent.push(subject), answer), close: () => undefined },
    hasher,
    links: { tracking: () => 'https://d.example/track/t', unsubscribe: () => 'https://d.example/unsubscribe/u', twilioStatus: () => null },
    clock: { now: () => clock.now() },
    // Each test's own counts (the windows are in the keys): a budget spent by one test never stops another's message.
    budgets: { increment: async (key) => counts.set(key, (counts.get(key) ?? 0) + 1).get(key)! },
    overBudget: (channel, budget) => overBudget.push(`${channel} ${budget}`),
  };

  beforeEach(() => {
    settings = { ...DEFAULT_NOTIFICATION_SETTINGS, sms: A_TWILIO_CHANNEL, quietHours: null };
    answer = { kind: 'accepted', providerRef: `SM${randomBytes(16).toString('hex')}` };
    sent.length = 0;
    overBudget.length = 0;
    counts.clear();
    recipient = ADA;
    clock = new ManualClock(new Date(T0));
  });
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  /** A message of a moment just reached, due now on the test's clock. */
  const fresh = (overrides: Partial<NewMessage> = {}): NewMessage =>
    aNewMessage({ createdAt: clock.now().toISOString(), dueAt: clock.now().getTime(), ...overrides });
  /** Stores a message due now and leases it, as the worker does. */
  async function leased(overrides: Partial<NewMessage> = {}): Promise<Message> {
    const now = clock.now().getTime();
    await messages.addAll([fresh(overrides)]);
    const [message] = await messages.claimDue(now, 1, randomBytes(4).toString('hex'), now + 60_000);
    return message!;
  }
  const stored = async (message: Message) => (await messages.get(message.id))!;

  it('sends once, and records it sent with the provider’s id', async () => {
    const message = await leased();
    await sendMessage(message, deps);
    expect(sent).toEqual(['Sam is on the way with your Acme order. https://d.example/track/t']);
    expect(await stored(message)).toMatchObject({ status: 'sent', provider: 'twilio', sendingSince: null, sent: { to: '+12•••99' } });
  });

  it("says it in the account's own wording when it has one for the moment and language", async () => {
    settings = {
      ...settings,
      templates: { 'on_the_way.en': { subject: 'On the way', text: '{{ driver }} from {{ retailer }} is coming!' } },
    };
    await sendMessage(await leased(), deps);
    expect(sent).toEqual(['Sam from Acme is coming!']);
  });

  it('fails for good, never asking the provider, a wording that passes its bounds when sent (one saved before them)', async () => {
    settings = {
      ...settings,
      templates: {
        'on_the_way.en': { subject: 'x', text: "{% include 'package.json' %}" },
        'delivered.en': { subject: 'x', text: "{{ tracking_link | split: '' | join: tracking_link | split: '' | join: tracking_link }}" },
      },
    };
    const include = await leased();
    const squared = await leased({ moment: 'delivered' });
    await sendMessage(include, deps);
    await sendMessage(squared, deps);
    expect(sent).toEqual([]);
    expect([(await stored(include)).status, (await stored(squared)).status]).toEqual(['failed', 'failed']);
    expect((await stored(include)).history.at(-1)!.detail).toMatch(/\{% include %\} is not allowed in a wording/);
    expect((await stored(squared)).history.at(-1)!.detail).toMatch(/^the wording renders \d+ characters, over the 1600 allowed$/);
  });

  it('never sends again a message begun whose answer never came (a crash mid-send): it is recorded unknown', async () => {
    const message = await leased();
    await messages.begin(
      message.id,
      message.leaseToken!,
      { to: 'x', language: 'en', subject: null, body: 'b', segments: 1 },
      clock.now().toISOString(),
    );
    // The worker died; its lease ran out, and another claims the message.
    clock.advance(61_000);
    const [again] = await messages.claimDue(clock.now().getTime(), 10, 'second', clock.now().getTime() + 60_000);
    expect(again!.id).toBe(message.id);
    await sendMessage(again!, deps);
    expect(sent).toEqual([]);
    expect((await stored(message)).status).toBe('unknown');
  });

  it('holds a message due in quiet hours until their end on the fleet’s clock, then sends it', async () => {
    // 12:00 UTC is 06:00 in Chicago, inside 21:00 to 08:00 there; the morning is 14:00 UTC.
    settings = { ...settings, quietHours: { start: '21:00', end: '08:00' } };
    const message = await leased();
    await sendMessage(message, deps);
    const held = await stored(message);
    expect(held).toMatchObject({ status: 'pending', dueAt: Date.parse('2026-11-27T14:00:00.000Z'), tries: 0 });
    expect(held.history.at(-1)!.detail).toBe('waits for the end of quiet hours');
    expect(sent).toEqual([]);
    clock.advance(2 * 3_600_000);
    const [morning] = await messages.claimDue(clock.now().getTime(), 10, 'morning', clock.now().getTime() + 60_000);
    await sendMessage(morning!, deps);
    expect(sent).toHaveLength(1);
    expect((await stored(message)).status).toBe('sent');
  });

  it('skips a message whose moment passes during quiet hours, or has passed already', async () => {
    settings = { ...settings, quietHours: { start: '00:00', end: '23:59' } };
    const soon = await leased({ moment: 'arriving_soon', expiresAt: T0 + 10 * 60_000 });
    await sendMessage(soon, deps);
    expect((await stored(soon)).history.at(-1)).toMatchObject({ status: 'skipped', detail: 'its moment passes during quiet hours' });
    const late = await leased({ expiresAt: T0 - 1 });
    await sendMessage(late, deps);
    expect((await stored(late)).history.at(-1)).toMatchObject({ status: 'skipped', detail: 'its moment passed' });
    expect(sent).toEqual([]);
  });

  it('tries again after a provider’s “not now”, later each time, and gives up after a day', async () => {
    answer = { kind: 'later', reason: 'Twilio answered 503', retryAfterMs: null };
    const message = await leased();
    await sendMessage(message, deps);
    expect(await stored(message)).toMatchObject({ status: 'pending', dueAt: T0 + 30_000, tries: 1 });
    clock.advance(25 * 3_600_000);
    const [again] = await messages.claimDue(clock.now().getTime(), 10, 'again', clock.now().getTime() + 60_000);
    await sendMessage(again!, deps);
    expect((await stored(message)).history.at(-1)).toMatchObject({
      status: 'failed',
      detail: 'Twilio answered 503; given up after a day of tries',
    });
  });

  it('skips a recipient who opted out of the channel, and one without a usable number, giving the reason', async () => {
    await optOuts.add(
      { accountId: 'acc', channel: 'sms', addressHash: hasher.current('acc', 'sms', '+12175550199'), source: 'sms_keyword', at: '' },
      [],
    );
    const message = await leased();
    await sendMessage(message, deps);
    expect((await stored(message)).history.at(-1)).toMatchObject({ status: 'skipped', detail: 'the recipient opted out' });
    await optOuts.remove('acc', 'sms', hasher.hashes('acc', 'sms', '+12175550199'), []);
    expect(sent).toEqual([]);
  });

  it.each(['21610', '21614'])(
    'remembers Twilio’s %s as the number’s opt-out: later orders to it ask Twilio nothing, and the event says the provider',
    async (code) => {
      answer = { kind: 'refused', code, reason: `Twilio refused the message: 400 (error ${code})` };
      const first = await leased({ taskId: `tsk_first_${code}` });
      await sendMessage(first, deps);
      expect(await stored(first)).toMatchObject({ status: 'failed' });
      expect(sent).toHaveLength(1);
      const later = await leased({ taskId: `tsk_later_${code}` });
      await sendMessage(later, deps);
      expect((await stored(later)).history.at(-1)).toMatchObject({ status: 'skipped', detail: 'the recipient opted out' });
      expect(sent).toHaveLength(1);
      const told = (await optOuts.outbox.pending(100)).map((entry) => JSON.parse(entry.value).data);
      expect(told).toContainEqual({ channel: 'sms', source: 'provider', optedOut: true });
      await optOuts.remove('acc', 'sms', hasher.hashes('acc', 'sms', '+12175550199'), []);
    },
  );

  it.each(['21211', '21612', '21408'])('fails for good on Twilio’s %s, keeping the number for other orders', async (code) => {
    answer = { kind: 'refused', code, reason: `Twilio refused the message: 400 (error ${code})` };
    const message = await leased({ taskId: `tsk_refused_${code}` });
    await sendMessage(message, deps);
    expect(await stored(message)).toMatchObject({ status: 'failed', dueAt: expect.any(Number) });
    expect(await optOuts.has('acc', 'sms', hasher.hashes('acc', 'sms', '+12175550199'))).toBe(false);
  });

  it.each([
    ['+44 909 879 0000', 'GB', 'premium-rate'],
    ['+44 871 234 5678', 'GB', 'premium-rate'],
    ['+1 900 555 0199', 'US', 'premium-rate'],
    ['+979 123 456 789', null, 'on an international network (+979)'],
    ['+881 6123 456 789', null, 'on an international network (+881)'],
    ['+870 772 345 678', null, 'on an international network (+870)'],
    ['+44 55 1234 5678', 'GB', 'a universal access number'],
    ['+44 70 1123 4567', 'GB', 'a personal (forwarding) number'],
    ['+1 800 555 0199', 'US', 'toll-free'],
    ['+252 61 234 5678', 'US', 'in SO, where the account sends no SMS (allowed: US)'],
    ['+675 7012 3456', 'US', 'in PG, where the account sends no SMS (allowed: US)'],
    ['+371 2123 4567', 'US', 'in LV, where the account sends no SMS (allowed: US)'],
  ])('skips an SMS to %s before asking Twilio: %s', async (phoneNumber, countryCode, reason) => {
    recipient = { ...ADA, phoneNumber, countryCode };
    const message = await leased();
    await sendMessage(message, deps);
    expect(sent).toEqual([]);
    expect((await stored(message)).history.at(-1)).toMatchObject({ status: 'skipped', detail: expect.stringContaining(reason) });
  });

  it('sends to the countries the account lists beside its own, and to a number of the delivery’s country when it names none', async () => {
    recipient = { ...ADA, phoneNumber: '+371 2123 4567', countryCode: 'US' };
    settings = { ...settings, defaultCountry: 'US', smsCountries: ['LV'] };
    await sendMessage(await leased(), deps);
    recipient = { ...ADA, phoneNumber: '+33 6 12 34 56 78', countryCode: 'FR' };
    settings = { ...settings, defaultCountry: null, smsCountries: [] };
    await sendMessage(await leased(), deps);
    expect(sent).toHaveLength(2);
  });

  it('skips a message over the recipient’s day or the account’s SMS hour, counted once however many tries, with a metric', async () => {
    settings = { ...settings, email: { host: 'smtp.example.com', port: 587, security: 'starttls', auth: null, from: 'a@b.example' } };
    settings = { ...settings, budgets: { smsPerHour: 1_000, smsPerDay: 10_000, perRecipientPerDay: 3 } };
    answer = { kind: 'later', reason: 'Twilio answered 503', retryAfterMs: null };
    const retried = await leased();
    await sendMessage(retried, deps);
    answer = { kind: 'accepted', providerRef: 'SM1' };
    clock.advance(60_000);
    const [again] = await messages.claimDue(clock.now().getTime(), 10, 'again', clock.now().getTime() + 60_000);
    await sendMessage(again!, deps);
    for (let i = 0; i < 2; i++) await sendMessage(await leased(), deps);
    // Two tries of the first, and two more: three messages, the recipient's day.
    expect(sent).toHaveLength(4);
    const over = await leased();
    await sendMessage(over, deps);
    expect((await stored(over)).history.at(-1)).toMatchObject({
      status: 'skipped',
      detail: 'this recipient had the day’s most messages on this channel',
    });
    // E-mail to the same person has its own count; another number has its own day.
    await sendMessage(await leased({ channel: 'email', id: 'ntf_email_of_ada' }), deps);
    recipient = { ...ADA, phoneNumber: '+1 (217) 555-0142' };
    settings = { ...settings, budgets: { smsPerHour: 4, smsPerDay: 10_000, perRecipientPerDay: 3 } };
    await sendMessage(await leased(), deps);
    const overHour = await leased();
    await sendMessage(overHour, deps);
    expect((await stored(overHour)).history.at(-1)).toMatchObject({
      status: 'skipped',
      detail: 'the account’s SMS of this hour are spent',
    });
    expect(overBudget).toEqual(['sms per_recipient_per_day', 'sms sms_per_hour']);
    clock.advance(3_600_000);
    await sendMessage(await leased(), deps);
    expect(sent).toHaveLength(7);
  });

  describe('as it is made', () => {
    it('keeps, rendered and settled with its event, one its account has no provider for: stored once, never queued', async () => {
      settings = { ...settings, sms: null };
      const message = fresh();
      const settled = await settleAtOnce(message, deps);
      expect(settled).toMatchObject({
        settlement: {
          status: 'not_sent',
          detail: 'no provider: the account has no Twilio settings',
          sent: { to: '+12•••99', body: 'Sam is on the way with your Acme order. https://d.example/track/t' },
        },
        events: [{ type: 'NotificationSkipped', data: { messageId: message.id, status: 'not_sent' } }],
      });
      await messages.addAll([{ ...message, settled: settled! }]);
      expect(await messages.get(message.id)).toMatchObject({ status: 'not_sent', leaseToken: null, sent: { to: '+12•••99' } });
      expect((await messages.outbox.pending(1_000)).some((entry) => entry.value.includes(message.id))).toBe(true);
      const now = clock.now().getTime();
      expect((await messages.claimDue(now, 1_000, 'worker', now + 60_000)).map((m) => m.id)).not.toContain(message.id);
      // Its event read again changes nothing: a moment is told at most once.
      await messages.addAll([message]);
      expect((await messages.get(message.id))!.status).toBe('not_sent');
      expect(sent).toEqual([]);
    });

    it('skips at once, giving the reason, one for a recipient who opted out', async () => {
      settings = { ...settings, sms: null };
      const hashes = hasher.hashes('acc', 'sms', '+12175550199');
      await optOuts.add({ accountId: 'acc', channel: 'sms', addressHash: hashes[0]!, source: 'console', at: '' }, []);
      try {
        expect(await settleAtOnce(fresh(), deps)).toMatchObject({ settlement: { status: 'skipped', detail: 'the recipient opted out' } });
      } finally {
        await optOuts.remove('acc', 'sms', hashes, []);
      }
    });

    it('leaves to the queue one its account can send, one due later, and one whose recipient cannot be read now', async () => {
      expect(await settleAtOnce(fresh(), deps)).toBeNull();
      settings = { ...settings, sms: null };
      expect(await settleAtOnce(fresh({ dueAt: T0 + 60_000 }), deps)).toBeNull();
      const unreachable: SendMessageDeps = {
        ...deps,
        recipients: { find: () => Promise.reject(new Error('order-lifecycle unavailable')), snapshotOf: async () => null },
      };
      expect(await settleAtOnce(fresh(), unreachable)).toBeNull();
    });
  });
});
