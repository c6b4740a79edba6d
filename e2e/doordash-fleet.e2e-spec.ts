import { randomBytes } from 'node:crypto';
import { quoteResponseSchema } from '@delivery/contracts';
import { eventually, startDoorDashFake, startWebhookReceiver, type WebhookReceiver } from '@delivery/testing';
import { aCancelEvent, aQuoteRequest, aShipRequest } from './support/ship-request.fixture';
import { COURIER_URL_POLICY, courierFleetSteps } from './support/courier-fleet';
import { adminCommands } from '../apps/admin/src';
import { adminDepsOver } from '../apps/admin/src';
import { call, createOtherAccount, startHarness, tokenFor, V1_ORDERS, V2, type Harness } from './support/standalone-harness';

const KEY = { developerId: 'dev-5b2a', keyId: 'key-91c0', signingSecret: randomBytes(32).toString('base64url') };
const DASHER = {
  dasher_name: 'Dana D.',
  dasher_dropoff_phone_number: '+14155550199',
  dasher_pickup_phone_number: '+14155550142',
  dasher_vehicle_make: 'Toyota',
  dasher_vehicle_model: 'Prius',
  dasher_vehicle_year: '2019',
  dasher_location: { lat: 37.7749, lng: -122.4194 },
};
const PHOTO = 'https://doordash-static.example/dropoff/photo.jpg';
const SIGNATURE = 'https://doordash-static.example/dropoff/signature.png';

/** A retailer's own DoorDash Drive account as a fleet, against a fake of Drive API v2 built from DoorDash's contract (issue 23). */
describe('a DoorDash Drive fleet', () => {
  let harness: Harness;
  let token: string;
  const { admin, sameDay, order, handedOver, webhooksOf, confirmedReservation } = courierFleetSteps(
    () => harness,
    () => token,
    'DOORDASH',
  );
  let doordash: Awaited<ReturnType<typeof startDoorDashFake>>;
  let receiver: WebhookReceiver;
  let webhookUrl: string;
  let authorization: string;
  let fleetId: number;

  beforeAll(async () => {
    harness = await startHarness({ webhooks: { urlPolicy: COURIER_URL_POLICY, pollIntervalMs: 50 } });
    token = await tokenFor(harness);
    doordash = await startDoorDashFake(KEY, { fee: 1_175, now: () => harness.clock.now().getTime() });
    await admin('add-service-plan', { 'carrier-code': 'DOORDASH', 'service-level': 'EXPRESS', 'base-charge': '9.75' });
    const fleet = await admin('add-fleet', {
      name: 'DoorDash',
      'carrier-codes': 'DOORDASH',
      'fleet-type': '1',
      connector: 'doordash',
      'base-url': doordash.url,
      'developer-id': KEY.developerId,
      'key-id': KEY.keyId,
      'signing-secret': KEY.signingSecret,
    });
    // The operator sees the key by its id, never the secret; the webhook credential once, to set in DoorDash's portal.
    expect(JSON.stringify(fleet)).not.toContain(KEY.signingSecret);
    const courierWebhook = fleet.courierWebhook as { path: string; authorization: string };
    expect(courierWebhook.authorization).toMatch(/^Basic /);
    expect(JSON.stringify(await admin('list-fleets', {}))).not.toMatch(/Basic |webhookAuthorizationHash/);
    [fleetId, webhookUrl, authorization] = [fleet.id as number, `${harness.url}${courierWebhook.path}`, courierWebhook.authorization];
    // The fleet the account falls back to, after DoorDash.
    await admin('add-fleet', { name: 'Own drivers', 'carrier-codes': 'DOORDASH', 'fleet-type': '0' });
    receiver = await startWebhookReceiver();
    await admin('add-webhook', { url: receiver.url });
  });
  afterAll(async () => {
    await harness.stop();
    await doordash.stop();
    await receiver.stop();
  });

  const quotes = () => call(harness, 'POST', `${V2}/quotes`, { token, json: aQuoteRequest({ carrierCode: 'DOORDASH' }) });

  it("quotes DoorDash's fee and estimated times, asking with a JWT DoorDash's rules accept and the fields it requires", async () => {
    const { status, body } = await quotes();
    expect(status).toBe(200);
    const answer = quoteResponseSchema.parse(body);
    expect(answer.quote_errors).toEqual([]);
    const [quote] = answer.quotes!;
    const asked = doordash.calls.at(-1)!;
    expect(asked.token?.claims).toMatchObject({ aud: 'doordash', iss: KEY.developerId, kid: KEY.keyId });
    expect(asked.body).toMatchObject({
      external_delivery_id: expect.stringMatching(/^dd_[0-9a-f]{24}$/),
      dropoff_address: expect.any(String),
      dropoff_phone_number: expect.any(String),
    });
    expect(quote).toMatchObject({ fee: 1_175, currency_code: 'USD', fleet: { name: 'DoorDash', fleet_type: 1 } });
  });

  it("sends the partner record's spaced, extended numbers as E.164, and refuses one that is no number before asking DoorDash", async () => {
    expect((await quotes()).status).toBe(200);
    // The record's "+1 (217) 555-0100 ext. 2271" and "+1 (217) 555-0199 ext. 42".
    expect(doordash.calls.at(-1)!.body).toMatchObject({ pickup_phone_number: '+12175550100', dropoff_phone_number: '+12175550199' });
    // The recipient's one name, given and family apart as DoorDash asks.
    const { dropoff_contact_given_name, dropoff_contact_family_name } = doordash.calls.at(-1)!.body;
    expect(dropoff_contact_given_name).toMatch(/^\S+$/);
    expect(dropoff_contact_family_name ?? '').not.toContain(String(dropoff_contact_given_name));
    const request = aQuoteRequest({ carrierCode: 'DOORDASH' });
    request.shipRequest.shipment.recipient.contact.phoneNumber = 'ask at the front desk';
    const before = doordash.calls.length;
    const answer = quoteResponseSchema.parse((await call(harness, 'POST', `${V2}/quotes`, { token, json: request })).body);
    expect(doordash.calls.length).toBe(before);
    expect(JSON.stringify(answer.quote_errors.find((error) => error.fleet_name === 'DoorDash'))).toContain(
      "DoorDash needs the recipient's phone number as a valid number in E.164, and the one given is not one (read in US)",
    );
  });

  it('turns DoorDash refusals into quote errors in our words, never its answer: an address it cannot serve, an outage, a rate limit', async () => {
    doordash.refuseNext(
      { status: 400, body: { code: 'validation_error', message: 'SECRET-ANSWER address outside the delivery area' } },
      { status: 503, body: { message: 'SECRET-ANSWER down' } },
      { status: 429, headers: { 'retry-after': '2' }, body: { message: 'SECRET-ANSWER slow down' } },
    );
    const errors = [];
    for (let i = 0; i < 3; i += 1) errors.push(quoteResponseSchema.parse((await quotes()).body).quote_errors![0]);
    expect(errors).toEqual([
      expect.objectContaining({ fleet_name: 'DoorDash', status: '400', message: expect.stringContaining('an address it cannot serve') }),
      expect.objectContaining({ status: '503', message: 'DoorDash failed (HTTP 503)' }),
      expect.objectContaining({ status: '429', details: ['retry after 2 s'] }),
    ]);
    expect(JSON.stringify(errors)).not.toContain('SECRET-ANSWER');
    // Its Retry-After is kept: until it passes DoorDash is not asked, and the caller reads how long is left.
    const asked = doordash.calls.length;
    expect(quoteResponseSchema.parse((await quotes()).body).quote_errors![0]).toMatchObject({
      status: '429',
      details: [expect.stringMatching(/^retry after [12] s$/)],
    });
    expect(doordash.calls).toHaveLength(asked);
    await eventually(async () => expect(quoteResponseSchema.parse((await quotes()).body).quote_errors).toEqual([]), 10_000);
  });

  it('cannot be held by another account naming the same DoorDash ids against a server of its own; a hold is capped and goes with its fleet', async () => {
    // Account B copies this account's developer and key ids, and points them at its own server.
    const other = await createOtherAccount(harness);
    const imposter = await startDoorDashFake(KEY, { fee: 1, now: () => harness.clock.now().getTime() });
    const deps = adminDepsOver({
      accounts: harness.running.accounts,
      deliveries: harness.running.deliveries,
      clock: harness.clock,
      urlPolicy: COURIER_URL_POLICY,
      keyValue: async () => harness.running.kv,
    });
    const addImposter = () =>
      adminCommands['add-fleet']!(
        {
          account: other.accountId,
          name: 'Not really DoorDash',
          'carrier-codes': 'DOORDASH',
          connector: 'doordash',
          'base-url': imposter.url,
          'developer-id': KEY.developerId,
          'key-id': KEY.keyId,
          // Whatever secret: its own server accepts it (the fake checks one, so it is given the same).
          'signing-secret': KEY.signingSecret,
        },
        deps,
      ) as Promise<{ id: number }>;
    try {
      const imposterFleet = await addImposter();
      await harness.running.accounts.putServicePlan({
        accountId: other.accountId,
        carrierCode: 'DOORDASH',
        serviceLevel: 'EXPRESS',
        carrierName: 'DoorDash',
        currency: 'USD',
        baseCharge: 1,
        perKgCharge: 0,
      });
      const otherToken = await tokenFor(harness, other);
      const otherQuotes = () =>
        call(harness, 'POST', `${V2}/quotes`, { token: otherToken, json: aQuoteRequest({ carrierCode: 'DOORDASH' }) });
      imposter.refuseNext({ status: 429, headers: { 'retry-after': '999999999999' }, body: {} });
      const held = quoteResponseSchema.parse((await otherQuotes()).body).quote_errors!.find((e) => e.fleet_name === 'Not really DoorDash');
      // A wait past our cap is held for the cap, on B's fleet alone.
      expect(held).toMatchObject({ status: '429', details: ['retry after 300 s'] });
      expect(quoteResponseSchema.parse((await quotes()).body).quote_errors).toEqual([]);
      const imposterCalls = imposter.calls.length;
      expect(quoteResponseSchema.parse((await otherQuotes()).body).quote_errors![0]).toMatchObject({ status: '429' });
      expect(imposter.calls).toHaveLength(imposterCalls);

      // Removed and added again under the same id, it starts free: the hold went with the fleet.
      await adminCommands['remove-fleet']!({ account: other.accountId, id: String(imposterFleet.id) }, deps);
      expect((await addImposter()).id).toBe(imposterFleet.id);
      expect(quoteResponseSchema.parse((await otherQuotes()).body).quote_errors).toEqual([]);
      expect(imposter.calls.length).toBeGreaterThan(imposterCalls);
    } finally {
      await imposter.stop();
    }
  });

  it("hands a Same-Day order to DoorDash under the task's id, and DoorDash's webhooks walk it to delivered with the Dasher named", async () => {
    const id = (await sameDay()).task_id;
    await handedOver(id);
    expect(doordash.deliveries.get(id)).toMatchObject({ external_delivery_id: id, delivery_status: 'created' });
    expect(doordash.calls.find((c) => c.path === '/drive/v2/deliveries' && c.body.external_delivery_id === id)?.token).not.toBeNull();
    // DoorDash's fee for the delivery, in cents as a quote's.
    expect((await order(id)).fleet).toMatchObject({ fee: 1_175, currency_code: 'USD' });

    doordash.progress(id, 'enroute_to_pickup', DASHER);
    const confirmed = await doordash.webhook(webhookUrl, authorization, 'DASHER_CONFIRMED', id);
    expect(confirmed.status).toBe(200);
    expect(await order(id)).toMatchObject({
      status: 'en_route_to_pickup',
      driver: { name: 'Dana D.', phone: '+14155550199', vehicle: '2019 Toyota Prius', location: { lat: 37.7749, lng: -122.4194 } },
    });
    doordash.progress(id, 'picked_up');
    await doordash.webhook(webhookUrl, authorization, 'DASHER_PICKED_UP', id);
    // A lost webhook (arrived at the drop-off) is implied by the next one.
    doordash.progress(id, 'delivered', { dropoff_verification_image_url: PHOTO, dropoff_signature_image_url: SIGNATURE });
    await doordash.webhook(webhookUrl, authorization, 'DASHER_DROPPED_OFF', id);
    const delivered = await order(id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.way_points.at(-1).proof_of_delivery).toEqual({
      recipient_name: null,
      signature_url: SIGNATURE,
      photo_url: PHOTO,
      note: null,
      verified: [],
      barcodes: [],
    });
    // DoorDash sends each webhook up to three times, in no promised order: a late "picked up" changes nothing.
    const late = await doordash.webhook(webhookUrl, authorization, 'DASHER_PICKED_UP', id);
    expect(await late.json()).toEqual({ success: true, changed: false });
    expect((await order(id)).status).toBe('delivered');

    await eventually(() => expect(webhooksOf(receiver, id).map((w) => w.type)).toContain('task.delivered'));
    expect(webhooksOf(receiver, id).find((w) => w.type === 'driver.assigned')?.data.driver).toMatchObject({
      name: 'Dana D.',
      vehicle: '2019 Toyota Prius',
    });
    expect(webhooksOf(receiver, id).find((w) => w.type === 'dispatch.accepted')?.data.fleet).toMatchObject({
      fee: 1_175,
      currency_code: 'USD',
    });
    const page = await (await fetch((await order(id)).tracking_url)).text();
    expect(page).toContain('Dana');
  });

  it("asks DoorDash's Dasher for a signature and the recipient's PIN as its DropoffOptions name them, and refuses a photo with a PIN", async () => {
    await admin('add-service-plan', {
      'carrier-code': 'DOORDASH',
      'service-level': 'SIGNED',
      'base-charge': '9.75',
      requires: 'signature,pin',
    });
    await admin('add-service-plan', {
      'carrier-code': 'DOORDASH',
      'service-level': 'PHOTO_PIN',
      'base-charge': '9.75',
      requires: 'photo,pin',
    });
    const created = await call(harness, 'POST', V1_ORDERS, {
      token,
      json: aShipRequest({ carrierCode: 'DOORDASH', serviceLevel: 'SIGNED' }),
    });
    const shipment = created.body.completedShipments[0];
    await handedOver(shipment.task_id);
    const made = doordash.calls.find(
      (c) => c.method === 'POST' && c.path === '/drive/v2/deliveries' && c.body.external_delivery_id === shipment.task_id,
    )!;
    expect(made.body).toMatchObject({
      dropoff_options: { signature: 'required', proof_of_delivery: 'pin_code' },
      dropoff_pin_code_verification_metadata: { pin_code_type: 'merchant_provided_number', pin_code_value: shipment.requirements.pin },
    });

    // DoorDash has one proof of delivery: a photo and a PIN together go to the next fleet, saying why.
    const both = await call(harness, 'POST', V1_ORDERS, {
      token,
      json: aShipRequest({ carrierCode: 'DOORDASH', serviceLevel: 'PHOTO_PIN' }),
    });
    const bothId = both.body.completedShipments[0].task_id as string;
    await eventually(async () => expect((await order(bothId)).fleet).toMatchObject({ name: 'Own drivers' }));
    expect((await order(bothId)).fleet_rejections).toEqual([
      expect.objectContaining({
        fleet_name: 'DoorDash',
        reason: 'DoorDash takes one proof of delivery, a photo or a PIN, and the drop-off requires both',
      }),
    ]);
    expect(doordash.calls.some((c) => c.body.external_delivery_id === bothId)).toBe(false);
  });

  it("keeps DoorDash's cancellation reason beside ours when it gives up after the pick-up", async () => {
    const id = (await sameDay()).task_id;
    await handedOver(id);
    doordash.progress(id, 'picked_up', DASHER);
    await doordash.webhook(webhookUrl, authorization, 'DASHER_PICKED_UP', id);
    doordash.progress(id, 'cancelled', { cancellation_reason: 'failed_to_deliver' });
    await doordash.webhook(webhookUrl, authorization, 'DELIVERY_CANCELLED', id);
    expect((await order(id)).way_points.at(-1).failure).toEqual({
      code: 'other',
      reason: "DoorDash cancelled the delivery (the Dasher could not deliver it; DoorDash's reason: failed_to_deliver)",
      at: expect.any(String),
    });
  });

  it('refuses a webhook without the fleet’s credential, 401, and changes nothing', async () => {
    const id = (await sameDay()).task_id;
    await handedOver(id);
    doordash.progress(id, 'delivered', DASHER);
    for (const wrong of ['Basic ZG9vcmRhc2g6d3Jvbmc=', '']) {
      const refused = await doordash.webhook(webhookUrl, wrong, 'DASHER_DROPPED_OFF', id);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ status: 401, details: { reason: expect.stringContaining('credential') } });
    }
    const elsewhere = await doordash.webhook(
      webhookUrl.replace(`/${fleetId}/`, `/${fleetId + 1}/`),
      authorization,
      'DASHER_DROPPED_OFF',
      id,
    );
    expect(elsewhere.status).toBe(401);
    expect((await order(id)).status).toBe('dispatched');
  });

  it('tells DoorDash of a cancellation before pick-up', async () => {
    const shipment = await sameDay();
    await handedOver(shipment.task_id);
    const cancelled = await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token, json: aCancelEvent(shipment.fulfillmentId) });
    expect(cancelled.status).toBe(200);
    await eventually(() => expect(doordash.deliveries.get(shipment.task_id)?.delivery_status).toBe('cancelled'));
    // DoorDash's own word on it afterwards changes nothing: the order was cancelled here.
    const after = await doordash.webhook(webhookUrl, authorization, 'DELIVERY_CANCELLED', shipment.task_id);
    expect(await after.json()).toEqual({ success: true, changed: false });
  });

  it('falls back to the next fleet when DoorDash refuses the delivery, and retries when DoorDash is down', async () => {
    doordash.refuseNextDeliveries({ status: 400, body: { message: 'SECRET-ANSWER outside the area' } });
    const refused = (await sameDay()).task_id;
    await eventually(async () => expect((await order(refused)).fleet).toMatchObject({ name: 'Own drivers' }));
    await eventually(() => expect(webhooksOf(receiver, refused).map((w) => w.type)).toContain('dispatch.rejected'));
    expect(JSON.stringify(webhooksOf(receiver, refused))).not.toContain('SECRET-ANSWER');

    doordash.refuseNextDeliveries({ status: 503 }, { status: 503 });
    const retried = (await sameDay()).task_id;
    await handedOver(retried);
    expect((await order(retried)).fleet).toMatchObject({ name: 'DoorDash' });
    expect(doordash.calls.filter((c) => c.path === '/drive/v2/deliveries' && c.body.external_delivery_id === retried)).toHaveLength(3);
  });

  it('reads the delivery back when its webhooks stop, until it ends', async () => {
    const id = (await sameDay()).task_id;
    await handedOver(id);
    doordash.progress(id, 'delivered', DASHER);
    // Not quiet yet: nothing is read.
    const reads = () => doordash.calls.filter((c) => c.method === 'GET' && c.path === `/drive/v2/deliveries/${id}`).length;
    await harness.running.courierPolls.sweep();
    expect(reads()).toBe(0);
    harness.clock.advance(6 * 60_000);
    await harness.running.courierPolls.sweep();
    expect(reads()).toBe(1);
    expect(await order(id)).toMatchObject({ status: 'delivered', driver: { name: 'Dana D.' } });
    harness.clock.advance(6 * 60_000);
    await harness.running.courierPolls.sweep();
    expect(reads()).toBe(1);
  });

  it("makes a confirmed reservation's delivery at its dispatch, for the reserved pick-up time", async () => {
    const { quote, taskId } = await confirmedReservation();
    expect(doordash.deliveries.has(taskId)).toBe(false);
    await harness.running.dispatches.sweep();
    await handedOver(taskId);
    expect(doordash.calls.find((c) => c.path === '/drive/v2/deliveries' && c.body.external_delivery_id === taskId)?.body).toMatchObject({
      pickup_time: quote.pickup_window!.start_time,
    });
  });
});
