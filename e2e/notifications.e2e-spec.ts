import { randomBytes } from 'node:crypto';
import { createClientApp, DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@delivery/accounts';
import { aTwilioAccount, eventually, startSmtpReceiver, startTwilioFake, type SmtpReceiver, type TwilioFake } from '@delivery/testing';
import { consoleSession } from './support/console-session';
import { aCancelEvent, aShipRequest } from './support/ship-request.fixture';
import { call, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const OPEN = { allowHttp: true, allowPrivateNetworks: true };

/**
 * Telling the recipient, end to end: orders over HTTP as the platform sends them, the fleet
 * moving them over the fleet API, each moment's SMS through Twilio's fake (a real HTTP server
 * checking auth and fields) and e-mail through a real SMTP server over TLS, parsed as a mail
 * client would; Twilio's callbacks and the unsubscribe link back through the gateway.
 */
describe('messages to the recipient', () => {
  let harness: Harness;
  let twilio: TwilioFake;
  let smtp: SmtpReceiver;
  let caller: string;
  let fleet: string;
  let consoleUser: Awaited<ReturnType<typeof consoleSession>>;
  const account = aTwilioAccount();

  const settings = (overrides: Partial<NotificationSettings> = {}): NotificationSettings => ({
    ...DEFAULT_NOTIFICATION_SETTINGS,
    quietHours: null,
    sms: twilio.channelOf(account),
    email: smtp.channel('Demo Deliveries <deliveries@demo.example>'),
    ...overrides,
  });

  beforeAll(async () => {
    twilio = await startTwilioFake([account]);
    smtp = await startSmtpReceiver({ security: 'tls', user: 'notifier', password: 'smtp-secret' });
    harness = await startHarness({
      webhooks: { urlPolicy: OPEN },
      notifications: { pollIntervalMs: 50, smtpCa: smtp.ca, settingsCacheMs: 0 },
    });
    await harness.running.accounts.setDeliveryPolicies('demo', { notifications: settings() });
    caller = await tokenFor(harness);
    const { app, clientSecret } = await createClientApp(
      { accountId: 'demo', name: 'notify-fleet', fleetId: 1 },
      { accounts: harness.running.accounts, clock: harness.clock },
    );
    fleet = await tokenFor(harness, { clientId: app.clientId, clientSecret });
    consoleUser = await consoleSession(harness, 'viewer');
  });
  afterAll(async () => {
    await harness.stop();
    await twilio.stop();
    await smtp.stop();
  });

  /** A French recipient's order, as the platform sends it: a national number, the locale among the reference fields. */
  const createOrder = async (email = `ada.${randomBytes(3).toString('hex')}@example.com`, phoneNumber = '06 12 34 56 78') => {
    const request = aShipRequest();
    const shipment = request.shipRequest.shipment as Record<string, any>;
    shipment.recipient = {
      ...shipment.recipient,
      contact: { ...shipment.recipient.contact, personName: 'Adèle Lovelace-Dupont', phoneNumber, email },
      address: { ...shipment.recipient.address, countryCode: 'FR', city: 'Paris' },
    };
    shipment.referenceFields = [...shipment.referenceFields, { key: 'Locale', value: 'fr_FR' }];
    const { body } = await call(harness, 'POST', V1_ORDERS, { token: caller, json: request });
    const taskId = body.completedShipments[0].task_id as string;
    const order = (await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token: caller })).body.completedShipments[0];
    return {
      taskId,
      email,
      fulfillmentId: shipment.fulfillmentId as string,
      pickup: order.way_points[0].id as string,
      dropoff: order.way_points[1].id as string,
    };
  };
  const fleetCall = (method: string, path: string, json?: unknown) =>
    call(harness, method, `/fleet/v1/tasks/${path}`, { token: fleet, json });
  const messagesOf = async (taskId: string) => {
    const { body } = await consoleUser.as('GET', `/console/api/deliveries/${taskId}/messages`);
    return body.messages as {
      moment: string;
      channel: string;
      status: string;
      body: string;
      to: string;
      history: { status: string; detail: string | null }[];
    }[];
  };
  const smsTo = (to: string) => twilio.messages.filter((m) => m.to === to);
  /** The List-Unsubscribe URL, as a mail client reads it (mailparser groups the List-* headers). */
  const unsubscribeLinkOf = (mail: SmtpReceiver['mails'][number]) =>
    (mail.headers.get('list') as { unsubscribe?: { url?: string } } | undefined)?.unsubscribe?.url ?? '';

  it('tells each moment once by SMS and by e-mail, in the recipient’s language, and Twilio’s reports show in the log', async () => {
    const order = await createOrder();
    await eventually(() => expect(smsTo('+33612345678').some((m) => m.body.includes('confirmée'))).toBe(true));
    await fleetCall('PUT', `${order.taskId}/driver`, { name: 'Samira Benali', phone: '+33 7 00 00 00 01' });
    await fleetCall('POST', `${order.taskId}/start`);
    await fleetCall('POST', `${order.taskId}/way_points/${order.pickup}/arrive`);
    await fleetCall('POST', `${order.taskId}/way_points/${order.pickup}/complete`, {});
    await fleetCall('POST', `${order.taskId}/start`);
    await eventually(() => expect(smsTo('+33612345678').some((m) => m.body.startsWith('Samira est en route'))).toBe(true));
    await fleetCall('POST', `${order.taskId}/way_points/${order.dropoff}/arrive`);
    await fleetCall('POST', `${order.taskId}/way_points/${order.dropoff}/complete`, {
      proof_of_delivery: { photo_url: 'https://photos.example/door.jpg' },
    });
    const delivered = await eventually(() => {
      const found = smsTo('+33612345678').find((m) => m.body.startsWith('Votre commande Demo'));
      expect(found?.body).toContain('est livrée');
      return found!;
    });
    expect(delivered.body).toContain('/track/');
    expect(twilio.calls.every((c) => c.status === 201)).toBe(true);

    // The e-mails: one per moment, French, both parts, one-click unsubscribe.
    const mails = await eventually(() => {
      const to = smtp.mails.filter((m) => m.envelopeTo.includes(order.email));
      expect(to).toHaveLength(3);
      return to;
    });
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining(['Samira est en route']));
    const last = mails.find((m) => m.subject?.includes('livrée'))!;
    expect(last.from?.value).toEqual([{ name: 'Demo Deliveries', address: 'deliveries@demo.example' }]);
    expect(last.text).toContain('Ne plus recevoir ces e-mails');
    expect(last.html).toContain('<a href="https://photos.example/door.jpg">');
    expect(last.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(unsubscribeLinkOf(last)).toMatch(new RegExp(`^${harness.url}/unsubscribe/`));

    // Twilio reports the SMS delivered; the console's log shows it, with the number masked.
    expect((await twilio.reportStatus(delivered, 'delivered')).status).toBe(204);
    const log = await eventually(async () => {
      const all = await messagesOf(order.taskId);
      expect(all.find((m) => m.moment === 'delivered' && m.channel === 'sms')?.status).toBe('delivered');
      return all;
    });
    expect(log.filter((m) => m.channel === 'sms').map((m) => m.moment)).toEqual(['dispatched', 'on_the_way', 'delivered']);
    expect(JSON.stringify(log)).not.toContain('612345678');
    expect(log[0]!.to).toBe('+33•••78');
    // Each moment once, whatever was repeated.
    expect(smsTo('+33612345678')).toHaveLength(3);
  });

  it('refuses a status callback not signed by Twilio for the account', async () => {
    const forged = twilio.messages[0]!;
    const url = forged.status_callback!;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' },
      body: new URLSearchParams({ MessageSid: forged.sid, MessageStatus: 'failed', ErrorCode: '30003' }).toString(),
    });
    expect(response.status).toBe(403);
  });

  it('STOP by SMS and the unsubscribe link stop the next messages of that channel', async () => {
    const order = await createOrder();
    await eventually(() => expect(smtp.mails.some((m) => m.envelopeTo.includes(order.email))).toBe(true));
    const inbound = `${harness.url}/notifications/twilio/demo/inbound`;
    const stop = await twilio.reply(inbound, account.accountSid, '+33612345678', '+15005550006', 'stop');
    expect(stop.status).toBe(200);
    expect(await stop.text()).toContain('<Response></Response>');
    const link = unsubscribeLinkOf(smtp.mails.find((m) => m.envelopeTo.includes(order.email))!);
    expect((await fetch(link)).status).toBe(200);
    const unsubscribed = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);

    const sentBefore = smsTo('+33612345678').length;
    await fleetCall('PUT', `${order.taskId}/driver`, { name: 'Samira Benali' });
    await fleetCall('POST', `${order.taskId}/start`);
    await fleetCall('POST', `${order.taskId}/way_points/${order.pickup}/arrive`);
    await fleetCall('POST', `${order.taskId}/way_points/${order.pickup}/complete`, {});
    await fleetCall('POST', `${order.taskId}/start`);
    const skipped = await eventually(async () => {
      const onTheWay = (await messagesOf(order.taskId)).filter((m) => m.moment === 'on_the_way');
      expect(onTheWay.map((m) => m.status)).toEqual(['skipped', 'skipped']);
      return onTheWay;
    });
    expect(skipped[0]!.history.at(-1)!.detail).toBe('the recipient opted out');
    expect(smsTo('+33612345678')).toHaveLength(sentBefore);

    // START opts the number back in for the next moment.
    expect((await twilio.reply(inbound, account.accountSid, '+33612345678', '+15005550006', 'START')).status).toBe(200);
    await fleetCall('POST', `${order.taskId}/way_points/${order.dropoff}/arrive`);
    await fleetCall('POST', `${order.taskId}/way_points/${order.dropoff}/complete`, {});
    await eventually(() => expect(smsTo('+33612345678')).toHaveLength(sentBefore + 1));
  });

  it('cannot be pumped: premium-rate, satellite and foreign numbers get nothing, one number at most its day’s messages (issue 49)', async () => {
    const dispatchedSms = async (taskId: string) =>
      eventually(async () => {
        const sms = (await messagesOf(taskId)).find((m) => m.moment === 'dispatched' && m.channel === 'sms');
        expect(sms?.status).toMatch(/^(sent|skipped)$/);
        return sms!;
      });
    const before = twilio.messages.length;
    for (const [phone, reason] of [
      ['08 99 12 34 56', 'premium-rate'],
      ['+881 6123 456 789', 'international network'],
      ['+371 2123 4567', 'in LV, where the account sends no SMS (allowed: FR)'],
    ]) {
      const order = await createOrder(undefined, phone);
      expect((await dispatchedSms(order.taskId)).history.at(-1)!.detail).toContain(reason);
    }
    expect(twilio.messages.length).toBe(before);
    // Twelve orders to one number in a minute: its day's ten SMS, then skipped with the reason.
    const flooded = [];
    for (let i = 0; i < 12; i += 1) flooded.push(await createOrder(undefined, '06 98 76 54 32'));
    const outcomes = [];
    for (const order of flooded) outcomes.push((await dispatchedSms(order.taskId)).status);
    expect(outcomes.filter((status) => status === 'sent')).toHaveLength(10);
    expect(smsTo('+33698765432')).toHaveLength(10);
    const skipped = (await dispatchedSms(flooded.at(-1)!.taskId)).history.at(-1)!.detail;
    expect(skipped).toBe('this recipient had the day’s most messages on this channel');
  });

  it('without a provider, renders each message and keeps it in the log as not sent', async () => {
    await harness.running.accounts.setDeliveryPolicies('demo', { notifications: settings({ sms: null, email: null }) });
    try {
      const order = await createOrder();
      const log = await eventually(async () => {
        const messages = await messagesOf(order.taskId);
        expect(messages.map((m) => m.status)).toEqual(['not_sent', 'not_sent']);
        return messages;
      });
      expect(log[0]!.body).toContain('Bonjour Adèle');
      expect(log[0]!.history.at(-1)!.detail).toMatch(/^no provider/);
    } finally {
      await harness.running.accounts.setDeliveryPolicies('demo', { notifications: settings() });
    }
  });

  it('keeps a message Twilio turned away for a later try, and tells a cancelled order nothing more', async () => {
    twilio.refuseNext({ status: 503, code: 20500, headers: { 'retry-after': '120' } });
    const order = await createOrder();
    await eventually(async () => {
      const sms = (await messagesOf(order.taskId)).find((m) => m.channel === 'sms')!;
      expect(sms.status).toBe('pending');
      expect(sms.history.map((h) => h.detail)).toContain('Twilio answered 503 (error 20500); tried again later');
    });
    const cancelled = await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token: caller, json: aCancelEvent(order.fulfillmentId) });
    expect(cancelled.status).toBe(200);
    await eventually(async () => {
      const sms = (await messagesOf(order.taskId)).find((m) => m.channel === 'sms')!;
      expect(sms.status).toBe('skipped');
      expect(sms.history.at(-1)!.detail).toBe('the delivery was cancelled');
    });
    // Past its retry time, the next order's message goes, and the cancelled one's does not.
    const before = smsTo('+33612345678').length;
    harness.clock.advance(5 * 60_000);
    await createOrder();
    await eventually(() => expect(smsTo('+33612345678').length).toBeGreaterThan(before));
    expect(smsTo('+33612345678')).toHaveLength(before + 1);
  });
});
