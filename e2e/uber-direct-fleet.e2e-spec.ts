import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { Metrics } from '@delivery/observability';
import { quoteResponseSchema } from '@delivery/contracts';
import { eventually, partnerShipRequest, startUberDirectFake, startWebhookReceiver, type WebhookReceiver } from '@delivery/testing';
import { aCancelEvent, aQuoteRequest, aShipRequest } from './support/ship-request.fixture';
import { COURIER_URL_POLICY, courierFleetSteps, uberDirectFleetOptions } from './support/courier-fleet';
import { consoleSession } from './support/console-session';
import { call, startHarness, tokenFor, V1_ORDERS, V2, type Harness } from './support/standalone-harness';

const APP = {
  customerId: 'cus_7f3c',
  clientId: 'uber-client-41',
  clientSecret: randomBytes(24).toString('base64url'),
  webhookSigningKey: randomBytes(24).toString('hex'),
};
const COURIER = {
  name: 'Cori R.',
  phone_number: '+15555550142',
  location: { lat: 40.71, lng: -74.01 },
  vehicle_make: 'Toyota',
  vehicle_model: 'Prius',
};

/** A retailer's own Uber Direct account as a fleet, against a fake of the Direct API built from Uber's documents (issue 23). */
describe('an Uber Direct fleet', () => {
  const metrics = new Metrics();
  let harness: Harness;
  let token: string;
  const { admin, sameDay, order, handedOver, webhooksOf, confirmedReservation } = courierFleetSteps(
    () => harness,
    () => token,
    'UBER',
  );
  let uber: Awaited<ReturnType<typeof startUberDirectFake>>;
  let receiver: WebhookReceiver;
  let webhookUrl: string;

  beforeAll(async () => {
    harness = await startHarness({
      webhooks: { urlPolicy: COURIER_URL_POLICY, pollIntervalMs: 50 },
      observability: { metrics, log: pino({ level: 'silent' }) },
    });
    token = await tokenFor(harness);
    uber = await startUberDirectFake(APP, { now: () => harness.clock.now().getTime() });
    await admin('add-service-plan', { 'carrier-code': 'UBER', 'service-level': 'EXPRESS', 'base-charge': '8.75' });
    const settings = uberDirectFleetOptions(uber.url, APP);
    const fleet = await admin('add-fleet', settings);
    expect(JSON.stringify(fleet)).not.toContain(APP.clientSecret);
    const { path } = fleet.courierWebhook as { path: string; authorization: null };
    webhookUrl = `${harness.url}${path}`;
    // The webhook URL goes into Uber's dashboard, which then gives the signing key.
    await admin('add-fleet', { ...settings, id: String(fleet.id), replace: 'true', 'webhook-signing-key': APP.webhookSigningKey });
    expect(JSON.stringify(await admin('list-fleets', {}))).not.toContain(APP.webhookSigningKey);
    await admin('add-fleet', { name: 'Own drivers', 'carrier-codes': 'UBER', 'fleet-type': '0' });
    receiver = await startWebhookReceiver();
    await admin('add-webhook', { url: receiver.url });
  });
  afterAll(async () => {
    await harness.stop();
    await uber.stop();
    await receiver.stop();
  });

  it("quotes Uber's fee and times with a token from Uber's token URL, and names what Uber refuses in our words", async () => {
    const answer = quoteResponseSchema.parse(
      (await call(harness, 'POST', `${V2}/quotes`, { token, json: aQuoteRequest({ carrierCode: 'UBER' }) })).body,
    );
    expect(answer.quote_errors).toEqual([]);
    expect(answer.quotes![0]).toMatchObject({ fee: 875, currency_code: 'USD', fleet: { name: 'Uber Direct' } });
    const asked = uber.calls.at(-1)!;
    expect(asked).toMatchObject({ path: `/v1/customers/${APP.customerId}/delivery_quotes`, authorized: true });
    expect(JSON.parse(String(asked.body.dropoff_address))).toMatchObject({ street_address: expect.any(Array) });

    uber.refuseNextQuotes({ status: 400, body: { code: 'address_undeliverable', message: 'SECRET-ANSWER' } });
    const refused = quoteResponseSchema.parse(
      (await call(harness, 'POST', `${V2}/quotes`, { token, json: aQuoteRequest({ carrierCode: 'UBER' }) })).body,
    );
    expect(refused.quote_errors![0]).toMatchObject({ status: '400', message: expect.stringContaining('an address it cannot serve') });
    expect(JSON.stringify(refused)).not.toContain('SECRET-ANSWER');

    uber.refuseNextQuotes({ status: 503, body: { code: 'service_unavailable', message: 'SECRET-ANSWER down' } });
    const down = quoteResponseSchema.parse(
      (await call(harness, 'POST', `${V2}/quotes`, { token, json: aQuoteRequest({ carrierCode: 'UBER' }) })).body,
    );
    expect(down.quote_errors![0]).toMatchObject({ status: '503', message: 'Uber failed (HTTP 503)', fleet_name: 'Uber Direct' });
    expect(JSON.stringify(down)).not.toContain('SECRET-ANSWER');
  });

  it("hands a Same-Day order to Uber under the task's id, and Uber's signed webhooks walk it to delivered with the courier named", async () => {
    const id = (await sameDay()).task_id;
    await handedOver(id);
    const made = uber.calls.find((c) => c.path.endsWith('/deliveries') && c.body.external_id === id)!;
    expect(made.body).toMatchObject({
      pickup_name: expect.any(String),
      dropoff_phone_number: expect.any(String),
      manifest_items: expect.arrayContaining([expect.objectContaining({ name: expect.any(String), quantity: 1 })]),
    });
    // Uber's fee for the delivery (Uber writes the currency `usd`).
    expect((await order(id)).fleet).toMatchObject({ fee: 875, currency_code: 'USD' });

    uber.progress(id, 'pickup', COURIER);
    expect((await uber.webhook(webhookUrl, id)).status).toBe(200);
    expect(await order(id)).toMatchObject({
      status: 'en_route_to_pickup',
      driver: { name: 'Cori R.', phone: '+15555550142', vehicle: 'Toyota Prius', location: { lat: 40.71, lng: -74.01 } },
    });
    uber.progress(id, 'pickup_complete');
    const pickedUp = await uber.webhook(webhookUrl, id);
    expect(pickedUp.status).toBe(200);
    // Uber links the proof on the drop-off way point (`dropoff.verification`), with the signer's name and the courier's notes.
    const [photo, signature] = [
      'https://tb-static.uber.com/prod/file-upload/door.jpg',
      'https://tb-static.uber.com/prod/file-upload/sig.png',
    ];
    uber.progress(id, 'delivered', undefined, {
      courier_notes: 'Left with the concierge',
      verification: { signature: { image_url: signature, name: 'Joan' }, picture: { image_url: photo } },
    });
    await uber.webhook(webhookUrl, id);
    const delivered = await order(id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.way_points.at(-1).proof_of_delivery).toEqual({
      recipient_name: 'Joan',
      signature_url: signature,
      photo_url: photo,
      note: 'Left with the concierge',
      verified: [],
      barcodes: [],
    });
    await eventually(() => expect(webhooksOf(receiver, id).map((w) => w.type)).toContain('task.delivered'));
  });

  it("asks Uber to collect what the platform's full record requires: its adult signature as a signature and an ID scan at 21", async () => {
    // The full record's special services (an adult's signature), on an order for the Uber plan.
    const { specialService } = partnerShipRequest({ fulfillmentId: 'FUL-RECORD', orderId: 'ORD-RECORD' }).shipRequest.shipment;
    const request = aShipRequest({ carrierCode: 'UBER', specialService });
    const created = await call(harness, 'POST', V1_ORDERS, { token, json: request });
    const id = created.body.completedShipments[0].task_id as string;
    await handedOver(id);
    const made = uber.calls.find((c) => c.path.endsWith('/deliveries') && c.body.external_id === id)!;
    expect(made.body.dropoff_verification).toEqual({
      signature_requirement: { enabled: true, collect_signer_name: true },
      identification: { min_age: 21 },
    });
    // What Uber's VerificationProof says was checked is read back as verified: the signature, and the age once min_age_verified.
    uber.progress(id, 'delivered', COURIER, {
      verification: {
        signature: { image_url: 'https://tb-static.uber.com/prod/file-upload/sig-21.png', name: 'Joan' },
        identification: { min_age_verified: true },
      },
    });
    await uber.webhook(webhookUrl, id);
    expect((await order(id)).way_points.at(-1).proof_of_delivery).toMatchObject({
      recipient_name: 'Joan',
      verified: ['signature', 'minimum_age'],
    });
  });

  it("reads Uber's undeliverable reason onto our code, beside Uber's words, when its courier brings the parcel back", async () => {
    const id = (await sameDay()).task_id;
    await handedOver(id);
    uber.progress(id, 'pickup_complete', COURIER);
    await uber.webhook(webhookUrl, id);
    uber.progress(id, 'returned', undefined, undefined, {
      undeliverable_reason: 'NO_SECURE_LOCATION_TO_DROPOFF',
      undeliverable_action: 'returned',
    });
    await uber.webhook(webhookUrl, id);
    const returned = await order(id);
    expect(returned.status).toBe('returned');
    expect(returned.way_points.at(-1).failure).toEqual({
      code: 'recipient_unavailable',
      reason: "Uber's courier could not hand it over (Uber's reason: NO_SECURE_LOCATION_TO_DROPOFF) and returned it",
      at: expect.any(String),
    });
  });

  it('refuses a webhook not signed with the fleet’s key, 401, and changes nothing', async () => {
    const id = (await sameDay()).task_id;
    await handedOver(id);
    uber.progress(id, 'delivered', COURIER);
    const forged = await uber.webhook(webhookUrl, id, 'not-the-key');
    expect(forged.status).toBe(401);
    expect((await order(id)).status).toBe('dispatched');
  });

  it("cancels Uber's delivery, by Uber's own id, when the order is cancelled before pick-up", async () => {
    const shipment = await sameDay();
    await handedOver(shipment.task_id);
    expect((await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token, json: aCancelEvent(shipment.fulfillmentId) })).status).toBe(200);
    await eventually(() => expect(uber.byExternalId(shipment.task_id)?.status).toBe('canceled'));
    const delivery = uber.byExternalId(shipment.task_id)!;
    expect(uber.calls.some((c) => c.path.endsWith(`/deliveries/${delivery.id}/cancel`))).toBe(true);
  });

  it('falls back to the next fleet when Uber refuses the delivery', async () => {
    uber.refuseNextDeliveries({ status: 422, body: { message: 'SECRET-ANSWER' } });
    const id = (await sameDay()).task_id;
    await eventually(async () => expect((await order(id)).fleet).toMatchObject({ name: 'Own drivers' }));
    await eventually(() => expect(webhooksOf(receiver, id).map((w) => w.type)).toContain('dispatch.rejected'));
    expect(JSON.stringify(webhooksOf(receiver, id))).not.toContain('SECRET-ANSWER');
    // Get Order says which fleet gave it back and why, in our words.
    const { fleet_rejections } = await order(id);
    expect(fleet_rejections).toEqual([
      {
        fleet_id: expect.any(Number),
        fleet_name: 'Uber Direct',
        reason: 'Uber cannot take this delivery',
        rejected_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(fleet_rejections)).not.toContain('SECRET-ANSWER');
  });

  it("hands the task to the next fleet at once when Uber's token URL refuses our credentials, saying so", async () => {
    const uberFleet = ((await admin('list-fleets', {})) as unknown as { id: number; name: string }[]).find(
      (fleet) => fleet.name === 'Uber Direct',
    )!;
    const settings = {
      name: 'Uber Direct',
      'carrier-codes': 'UBER',
      'fleet-type': '1',
      connector: 'uber-direct',
      id: String(uberFleet.id),
      replace: 'true',
    };
    const urls = {
      'base-url': uber.url,
      'token-url': `${uber.url}/oauth/v2/token`,
      'customer-id': APP.customerId,
      'client-id': APP.clientId,
    };
    await admin('add-fleet', { ...settings, ...urls, 'client-secret': 'not-the-secret' });
    try {
      const [asked, tokensAsked] = [uber.calls.length, uber.tokenRequests.length];
      const id = (await sameDay()).task_id;
      // Within the default wait of `eventually` (10 s): a retried refusal took 60 to 90 s before being given up.
      await eventually(async () => expect((await order(id)).fleet).toMatchObject({ name: 'Own drivers' }));
      const rejected = await eventually(() => {
        const webhook = webhooksOf(receiver, id).find((w) => w.type === 'dispatch.rejected');
        expect(webhook).toBeDefined();
        return webhook;
      });
      expect(JSON.stringify(rejected)).toContain("Uber's token URL: answered HTTP 401 (invalid_client): our credentials are refused");
      // Get Order says it too: in the dispatch decision, the fleet's entry, and the task's rejections.
      const refusedOrder = await order(id);
      expect(refusedOrder.dispatch_decision.candidates.find((c: { fleet_id: number }) => c.fleet_id === uberFleet.id)).toMatchObject({
        outcome: 'rejected',
        reason: expect.stringContaining('our credentials are refused'),
      });
      expect(refusedOrder.fleet_rejections).toEqual([
        expect.objectContaining({ fleet_id: uberFleet.id, reason: expect.stringContaining('our credentials are refused') }),
      ]);
      // The token URL was asked once, and the API never.
      expect(uber.tokenRequests.slice(tokensAsked)).toEqual([{ granted: false }]);
      expect(uber.calls.slice(asked).filter((call) => call.path.includes('/deliveries'))).toHaveLength(0);
      // The console marks the fleet until a call succeeds.
      const viewer = await consoleSession(harness, 'viewer');
      const marked = async () =>
        ((await viewer.as('GET', '/console/api/fleets')).body.fleets as { id: number; credentials_refused: unknown }[]).find(
          (fleet) => fleet.id === uberFleet.id,
        )!.credentials_refused;
      expect(await marked()).toEqual({ since: expect.any(String), reason: expect.stringContaining('our credentials are refused') });
      // And so does a metric, at the courier sweep's next pass.
      const refusedGauge = async () => {
        await harness.running.courierPolls.sweep();
        return (await metrics.registry.getSingleMetric('courier_fleet_credentials_refused')!.get()).values;
      };
      expect(await refusedGauge()).toEqual([
        { labels: { account: harness.demo.accountId, fleet: String(uberFleet.id), connector: 'uber-direct' }, value: 1 },
      ]);
      await admin('add-fleet', { ...settings, ...urls, 'client-secret': APP.clientSecret });
      expect((await call(harness, 'POST', `${V2}/quotes`, { token, json: aQuoteRequest({ carrierCode: 'UBER' }) })).status).toBe(200);
      expect(await marked()).toBeNull();
      expect(await refusedGauge()).toEqual([]);
    } finally {
      await admin('add-fleet', { ...settings, ...urls, 'client-secret': APP.clientSecret });
    }
  });

  it('reads the delivery back when its webhooks stop, with a new token once Uber no longer takes the old one', async () => {
    const id = (await sameDay()).task_id;
    await handedOver(id);
    uber.progress(id, 'delivered', COURIER);
    uber.revokeTokens();
    const [before, tokensBefore] = [uber.calls.length, uber.tokenRequests.length];
    harness.clock.advance(6 * 60_000);
    await harness.running.courierPolls.sweep();
    expect(await order(id)).toMatchObject({ status: 'delivered', driver: { name: 'Cori R.' } });
    // The sweep reads every quiet Uber task, up to the lane's 4 at once: those meet the revoked token, and all go on with one new token.
    const reads = uber.calls.slice(before).filter((c) => c.method === 'GET');
    const refused = reads.filter((c) => !c.authorized);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeLessThanOrEqual(4);
    expect(
      reads
        .filter((c) => c.authorized)
        .map((c) => c.path)
        .sort(),
    ).toEqual([...new Set(reads.map((c) => c.path))].sort());
    expect(uber.tokenRequests.slice(tokensBefore)).toEqual([{ granted: true }]);
    expect(reads.some((c) => c.path.endsWith(`/deliveries/${uber.byExternalId(id)!.id}`))).toBe(true);
  });

  it('takes the delivery an earlier try made when Uber’s answer was lost, rather than making a second', async () => {
    uber.loseNextAnswer();
    const id = (await sameDay()).task_id;
    await handedOver(id);
    const creates = uber.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/deliveries') && c.body.external_id === id);
    expect(creates).toHaveLength(1);
    // And Uber is asked with an idempotency key of the task's dispatch, so a second create of it would make nothing new.
    expect(creates[0]!.body.idempotency_key).toMatch(new RegExp(`^${id}-\\d+$`));
    // Witness that it was tried again: Uber's ongoing deliveries were looked through before each try.
    expect(uber.calls.filter((c) => c.path.includes('/deliveries?filter=ongoing')).length).toBeGreaterThanOrEqual(2);
    expect((await order(id)).fleet).toMatchObject({ name: 'Uber Direct' });
  });

  it("makes a confirmed reservation's delivery at its dispatch, ready at the reserved pick-up, and the tracking page names the courier", async () => {
    const { quote, taskId: id } = await confirmedReservation();
    expect(uber.byExternalId(id)).toBeUndefined();
    await harness.running.dispatches.sweep();
    await handedOver(id);
    expect(uber.calls.find((c) => c.path.endsWith('/deliveries') && c.body.external_id === id)?.body).toMatchObject({
      pickup_ready_dt: quote.pickup_window!.start_time,
    });
    uber.progress(id, 'dropoff', COURIER);
    await uber.webhook(webhookUrl, id);
    const page = await (await fetch((await order(id)).tracking_url)).text();
    expect(page).toContain('Cori');
  });
});
