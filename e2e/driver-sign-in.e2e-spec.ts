import { DEFAULT_NOTIFICATION_SETTINGS } from '@delivery/accounts';
import { consoleDriverSessionListSchema, driverSessionSchema } from '@delivery/contracts';
import { aTwilioAccount, eventually, startTwilioFake, type TwilioFake } from '@delivery/testing';
import { consoleSession } from './support/console-session';
import { aDriverPhone, PHONE_UA } from './support/driver-phone';
import { createOtherAccount, startHarness, type Harness } from './support/standalone-harness';

/** Twilio's fake listens on plain http on the loopback. */
const OPEN = { allowHttp: true, allowPrivateNetworks: true };

/**
 * A fleet's driver signs in on their phone with a one-time code: read out by the dispatcher
 * (made in the console) or sent by SMS through the account's Twilio channel; sessions per
 * device, listed and revoked in the console. Each caller comes from an address of its own
 * (X-Forwarded-For behind one trusted proxy), so the limits a test spends are its own.
 */
describe('Driver app: signing in with a one-time code', () => {
  let harness: Harness;
  let twilio: TwilioFake;
  let admin: Awaited<ReturnType<typeof consoleSession>>;
  let fleetId: number;
  const twilioAccount = aTwilioAccount();
  let phones = 0;

  beforeAll(async () => {
    twilio = await startTwilioFake([twilioAccount]);
    harness = await startHarness({
      trustProxyHops: 1,
      webhooks: { urlPolicy: OPEN },
      notifications: { pollIntervalMs: 50, settingsCacheMs: 0 },
    });
    admin = await consoleSession(harness, 'admin');
    const fleets = (await admin.as('GET', '/console/api/fleets')).body.fleets as { id: number; connector: { kind: string } }[];
    fleetId = fleets.find((fleet) => fleet.connector.kind === 'rate-card')!.id;
  });
  afterAll(async () => {
    await harness.stop();
    await twilio.stop();
  });

  /** A driver of the demo fleet, added in the console; their phone a new one of 555-01xx. */
  const aDriver = async (name = 'Ada Driver') => {
    const phone = `+1217555${String(100 + ++phones).padStart(4, '0')}`;
    const added = await admin.as('POST', `/console/api/fleets/${fleetId}/drivers`, { json: { name, phone } });
    expect(added.status).toBe(201);
    return added.body.driver as { id: string; phone: string };
  };

  const aPhone = () => aDriverPhone(harness);

  const codeFor = async (driverId: string) => {
    const made = await admin.as('POST', `/console/api/fleets/${fleetId}/drivers/${driverId}/sign-in-code`);
    expect(made.status).toBe(201);
    expect(made.headers.get('cache-control')).toBe('no-store');
    return made.body.code as string;
  };

  it('signs a driver in with the code their dispatcher reads out, once; lists the device in the console, and signs it out when revoked', async () => {
    const driver = await aDriver();
    const viewer = await consoleSession(harness, 'viewer');
    expect((await viewer.as('POST', `/console/api/fleets/${fleetId}/drivers/${driver.id}/sign-in-code`)).status).toBe(403);
    const code = await codeFor(driver.id);
    expect(code).toMatch(/^\d{6}$/);

    const phone = aPhone();
    // Written as the driver would type it.
    const signedIn = await phone.signIn('+1 (217) 555-' + driver.phone.slice(-4), code);
    expect(signedIn.status).toBe(200);
    expect(driverSessionSchema.parse(signedIn.body).driver).toEqual({
      id: driver.id,
      name: 'Ada Driver',
      fleet_id: fleetId,
      account_id: 'demo',
    });
    const cookie = signedIn.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/driver/);
    expect((await phone.as('GET', '/driver/api/session')).body.driver.id).toBe(driver.id);

    // Used up: the same code signs no second device in.
    const second = aPhone();
    expect((await second.signIn(driver.phone, code)).status).toBe(401);

    const sessions = `/console/api/fleets/${fleetId}/drivers/${driver.id}/sessions`;
    const listed = consoleDriverSessionListSchema.parse((await viewer.as('GET', sessions)).body).sessions;
    expect(listed).toEqual([expect.objectContaining({ device: PHONE_UA })]);
    // Another account's admin neither sees nor ends it.
    const stranger = await consoleSession(harness, 'admin', (await createOtherAccount(harness)).accountId);
    expect((await stranger.as('GET', sessions)).status).toBe(404);
    expect((await stranger.as('DELETE', `${sessions}/${listed[0]!.id}`)).status).toBe(404);
    expect((await viewer.as('DELETE', `${sessions}/${listed[0]!.id}`)).status).toBe(403);
    expect((await phone.as('GET', '/driver/api/session')).status).toBe(200);

    expect((await admin.as('DELETE', `${sessions}/${listed[0]!.id}`)).status).toBe(204);
    expect((await admin.as('DELETE', `${sessions}/${listed[0]!.id}`)).status).toBe(404);
    const revoked = await phone.as('GET', '/driver/api/session');
    expect(revoked.status).toBe(401);
    expect(revoked.body.details.reason).toBe('Sign in with your phone first');
  });

  it('answers a wrong code as it answers an unknown phone, ends a code after five wrong tries, and signs the device out on its own asking', async () => {
    const driver = await aDriver('Grace Driver');
    const code = await codeFor(driver.id);
    const phone = aPhone();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const unknown = await aPhone().signIn('+12175559999', code);
    const mistaken = await phone.signIn(driver.phone, wrong);
    expect([unknown.status, mistaken.status]).toEqual([401, 401]);
    expect(unknown.body.details.reason).toBe(mistaken.body.details.reason);
    // Another account's link finds no driver with this phone.
    expect((await aPhone().signIn(driver.phone, code, 'elsewhere')).status).toBe(401);
    for (let i = 0; i < 4; i++) expect((await phone.signIn(driver.phone, wrong)).status).toBe(401);
    // Five wrong tries: the right code is gone too.
    expect((await phone.signIn(driver.phone, code)).status).toBe(401);

    const fresh = await codeFor(driver.id);
    expect((await phone.signIn(driver.phone, fresh)).status).toBe(200);
    // A change without the session's CSRF token is refused; with it, the device signs out.
    expect((await phone.as('DELETE', '/driver/api/session', undefined, { 'x-csrf-token': 'forged' })).status).toBe(403);
    expect((await phone.as('DELETE', '/driver/api/session')).status).toBe(204);
    expect(phone.cookie()).toBeNull();
  });

  it('sends the code by SMS through the account’s Twilio channel, answering an unknown phone the same, and limits the asking per phone', async () => {
    await harness.running.accounts.setDeliveryPolicies('demo', {
      notifications: { ...DEFAULT_NOTIFICATION_SETTINGS, sms: twilio.channelOf(twilioAccount) },
    });
    try {
      const driver = await aDriver('Linus Driver');
      const phone = aPhone();
      const asked = await phone.askCode(driver.phone);
      const stranger = await aPhone().askCode('+12175559998');
      expect([asked.status, stranger.status]).toEqual([202, 202]);
      expect(stranger.body).toEqual(asked.body);
      // Sent after the answer, so its time tells nothing: the SMS comes a moment later.
      const sms = await eventually(() => {
        const sent = twilio.messages.filter((m) => m.to === driver.phone);
        expect(sent).toHaveLength(1);
        return sent;
      });
      expect(twilio.messages.filter((m) => m.to === '+12175559998')).toEqual([]);
      expect(sms[0]!.status_callback).toBeNull();
      const code = /code is (\d{6})/.exec(sms[0]!.body)![1]!;
      expect((await phone.signIn(driver.phone, code)).status).toBe(200);

      // Three codes a quarter hour a phone, whatever the address asking: each may cost an SMS.
      expect((await aPhone().askCode(driver.phone)).status).toBe(202);
      expect((await aPhone().askCode(driver.phone)).status).toBe(202);
      const over = await aPhone().askCode(driver.phone);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      await eventually(() => expect(twilio.messages.filter((m) => m.to === driver.phone)).toHaveLength(3));
      // Unusable input is refused naming the field, and costs nothing.
      const blank = await aPhone().as('POST', '/driver/api/sign-in/code', { account: 'demo' });
      expect(blank.status).toBe(400);
      expect(JSON.stringify(blank.body)).toContain('phone');
    } finally {
      await harness.running.accounts.setDeliveryPolicies('demo', { notifications: null });
    }
  });

  it("ends a removed driver's sessions at once", async () => {
    const driver = await aDriver('Removed Driver');
    const phone = aPhone();
    expect((await phone.signIn(driver.phone, await codeFor(driver.id))).status).toBe(200);
    expect((await admin.as('DELETE', `/console/api/fleets/${fleetId}/drivers/${driver.id}`)).status).toBe(204);
    expect((await phone.as('GET', '/driver/api/session')).status).toBe(401);
  });
});
