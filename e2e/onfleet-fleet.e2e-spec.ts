import { randomBytes } from 'node:crypto';
import { quoteResponseSchema } from '@delivery/contracts';
import { eventually, startOnfleetFake, startWebhookReceiver, type WebhookReceiver } from '@delivery/testing';
import { aCancelEvent, aQuoteRequest, aShipRequest } from './support/ship-request.fixture';
import { COURIER_URL_POLICY, courierFleetSteps } from './support/courier-fleet';
import { call, startHarness, tokenFor, V1_ORDERS, V2, type Harness } from './support/standalone-harness';

const ORG = { apiKey: randomBytes(16).toString('hex'), webhookSecret: randomBytes(32).toString('hex') };
const WORKER = { id: 'wkr_1', name: 'Ana Driver', phone: '+15555550177' };

/** The retailer's own drivers through its Onfleet organisation, against a fake of Onfleet's API built from its documents (issue 23). */
describe('an Onfleet fleet', () => {
  let harness: Harness;
  let token: string;
  const { admin, sameDay, order, handedOver, webhooksOf, confirmedReservation } = courierFleetSteps(
    () => harness,
    () => token,
    'ONFLEET',
  );
  let onfleet: Awaited<ReturnType<typeof startOnfleetFake>>;
  let webhookUrl: string;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    harness = await startHarness({ webhooks: { urlPolicy: COURIER_URL_POLICY, pollIntervalMs: 50 } });
    token = await tokenFor(harness);
    onfleet = await startOnfleetFake(ORG, { now: () => harness.clock.now().getTime() });
    await admin('add-service-plan', { 'carrier-code': 'ONFLEET', 'service-level': 'EXPRESS', 'base-charge': '6' });
    const settings = {
      name: 'Our drivers',
      'carrier-codes': 'ONFLEET',
      'fleet-type': '0',
      connector: 'onfleet',
      'base-url': onfleet.url,
      'api-key': ORG.apiKey,
      'base-fee': '650',
      'working-hours': '0-24',
    };
    const fleet = await admin('add-fleet', settings);
    expect(JSON.stringify(fleet)).not.toContain(ORG.apiKey);
    webhookUrl = `${harness.url}${(fleet.courierWebhook as { path: string }).path}`;
    // Onfleet validates the URL before it enables a webhook: the check value comes back untouched.
    const validation = await fetch(`${webhookUrl}?check=c0ffee-42`);
    expect(validation.status).toBe(200);
    expect(await validation.text()).toBe('c0ffee-42');
    await admin('add-fleet', { ...settings, id: String(fleet.id), replace: 'true', 'webhook-secret': ORG.webhookSecret });
    expect(JSON.stringify(await admin('list-fleets', {}))).not.toContain(ORG.webhookSecret);
    await admin('add-fleet', { name: 'Backup van', 'carrier-codes': 'ONFLEET', 'fleet-type': '0' });
    receiver = await startWebhookReceiver();
    await admin('add-webhook', { url: receiver.url });
  });
  afterAll(async () => {
    await receiver.stop();
    await harness.stop();
    await onfleet.stop();
  });

  it('prices the drivers by the rate card held for them, without asking Onfleet', async () => {
    const asked = onfleet.calls.length;
    const answer = quoteResponseSchema.parse(
      (await call(harness, 'POST', `${V2}/quotes`, { token, json: aQuoteRequest({ carrierCode: 'ONFLEET' }) })).body,
    );
    expect(answer.quotes!.find((q) => q.fleet.name === 'Our drivers')).toMatchObject({ fee: expect.any(Number), currency_code: 'USD' });
    expect(onfleet.calls).toHaveLength(asked);
  });

  it("makes an Onfleet task of a Same-Day order, and Onfleet's signed webhooks walk it to delivered with the driver named", async () => {
    const id = (await sameDay()).task_id;
    await handedOver(id);
    const made = onfleet.calls.find((c) => c.method === 'POST' && c.path === '/api/v2/tasks' && JSON.stringify(c.body).includes(id))!;
    expect(made).toMatchObject({
      authorized: true,
      body: { destination: { address: { unparsed: expect.any(String) } }, recipients: [{ phone: expect.any(String) }] },
    });
    onfleet.progress(id, 1, { worker: WORKER.id });
    expect((await onfleet.webhook(webhookUrl, 'taskAssigned', id, WORKER)).status).toBe(200);
    expect(await order(id)).toMatchObject({ status: 'assigned', driver: { name: 'Ana Driver', phone: '+15555550177' } });
    onfleet.progress(id, 2);
    await onfleet.webhook(webhookUrl, 'taskStarted', id, WORKER);
    expect((await order(id)).status).toBe('en_route_to_dropoff');
    onfleet.progress(id, 3, { success: true, notes: 'Left with the concierge', photoUploadIds: ['ph0to1d'], signatureUploadId: 's1gn1d' });
    await onfleet.webhook(webhookUrl, 'taskCompleted', id, WORKER);
    const delivered = await order(id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.way_points[1].proof_of_delivery).toEqual({
      recipient_name: null,
      photo_url: 'https://d15p8tr8p0vffz.cloudfront.net/ph0to1d/800x.png',
      signature_url: 'https://d15p8tr8p0vffz.cloudfront.net/s1gn1d/800x.png',
      note: 'Left with the concierge',
      verified: [],
      barcodes: [],
    });
    // A late "started" changes nothing.
    expect(await (await onfleet.webhook(webhookUrl, 'taskStarted', id, WORKER)).json()).toEqual({ success: true, changed: false });
    await eventually(() => expect(webhooksOf(receiver, id).map((w) => w.type)).toContain('task.delivered'));
    expect(webhooksOf(receiver, id).find((w) => w.type === 'driver.assigned')?.data.driver).toMatchObject({ name: 'Ana Driver' });
    expect(await (await fetch(delivered.tracking_url)).text()).toContain('Ana');
  });

  it("sends an adult signature's requirements as Onfleet's completion requirements, for its driver app to enforce", async () => {
    const adult = { specialServiceTypes: ['SIGNATURE_OPTION'], signatureOptionDetail: { optionType: 'ADULT' } };
    const created = await call(harness, 'POST', V1_ORDERS, {
      token,
      json: aShipRequest({ carrierCode: 'ONFLEET', specialService: adult }),
    });
    const id = created.body.completedShipments[0].task_id as string;
    await handedOver(id);
    const made = onfleet.calls.find((c) => c.method === 'POST' && c.path === '/api/v2/tasks' && JSON.stringify(c.body).includes(id))!;
    expect(made.body.requirements).toEqual({ signature: true, photo: false, minimumAge: 21 });
    expect(made.body.barcodes).toBeUndefined();
  });

  it('refuses a webhook not signed with the organisation’s secret, 401, and changes nothing', async () => {
    const id = (await sameDay()).task_id;
    await handedOver(id);
    onfleet.progress(id, 3, { success: true });
    const forged = await onfleet.webhook(webhookUrl, 'taskCompleted', id, WORKER, randomBytes(32).toString('hex'));
    expect(forged.status).toBe(401);
    expect((await order(id)).status).toBe('dispatched');
  });

  it("removes Onfleet's task when the order is cancelled before the driver starts", async () => {
    const shipment = await sameDay();
    await handedOver(shipment.task_id);
    expect(onfleet.ours(shipment.task_id)).toBeDefined();
    expect((await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token, json: aCancelEvent(shipment.fulfillmentId) })).status).toBe(200);
    await eventually(() => expect(onfleet.ours(shipment.task_id)).toBeUndefined());
  });

  it('gives the task to the next fleet when the Onfleet driver fails it before starting', async () => {
    const id = (await sameDay()).task_id;
    await handedOver(id);
    onfleet.progress(id, 3, { success: false });
    await onfleet.webhook(webhookUrl, 'taskFailed', id, WORKER);
    await eventually(async () => expect((await order(id)).fleet).toMatchObject({ name: 'Backup van' }));
  });

  it("keeps the organisation's failure reason and the driver's notes beside our code when the drop-off fails on the way", async () => {
    const id = (await sameDay()).task_id;
    await handedOver(id);
    onfleet.progress(id, 2, { worker: WORKER.id });
    await onfleet.webhook(webhookUrl, 'taskStarted', id, WORKER);
    onfleet.progress(id, 3, { success: false, failureReason: 'CUSTOMER_NOT_HOME', failureNotes: 'Rang twice, no answer' });
    await onfleet.webhook(webhookUrl, 'taskFailed', id, WORKER);
    expect((await order(id)).way_points.at(-1).failure).toEqual({
      code: 'recipient_unavailable',
      reason: 'the Onfleet driver could not complete it (CUSTOMER_NOT_HOME: Rang twice, no answer)',
      at: expect.any(String),
    });
  });

  it('takes the task an earlier try made when Onfleet’s answer was lost, rather than making a second', async () => {
    onfleet.loseNextAnswer();
    const id = (await sameDay()).task_id;
    await handedOver(id);
    const made = onfleet.calls.filter((c) => c.method === 'POST' && c.path === '/api/v2/tasks' && JSON.stringify(c.body).includes(id));
    expect(made).toHaveLength(1);
    // Witness that it was tried again: Onfleet's tasks were looked through before each try.
    expect(onfleet.calls.filter((c) => c.path.startsWith('/api/v2/tasks/all?from=')).length).toBeGreaterThanOrEqual(2);
    expect((await order(id)).fleet).toMatchObject({ name: 'Our drivers' });
  });

  it('reads the task back from Onfleet when its webhooks stop', async () => {
    const id = (await sameDay()).task_id;
    await handedOver(id);
    onfleet.progress(id, 3, { success: true });
    harness.clock.advance(6 * 60_000);
    await harness.running.courierPolls.sweep();
    expect((await order(id)).status).toBe('delivered');
  });

  it("makes a confirmed reservation's Onfleet task at its lead time, to be completed within the reserved drop-off window", async () => {
    const { quote, taskId: id } = await confirmedReservation((quotes) => quotes.find((q) => q.fleet.name === 'Our drivers')!);
    // Dispatched once its pick-up is within the lead time (45 minutes), not before.
    harness.clock.advance(Date.parse(quote.pickup_window!.start_time) - 50 * 60_000 - harness.clock.now().getTime());
    await harness.running.dispatches.sweep();
    expect(onfleet.ours(id)).toBeUndefined();
    harness.clock.advance(10 * 60_000);
    await harness.running.dispatches.sweep();
    // Hours later on the harness clock: the morning's token has expired.
    token = await tokenFor(harness);
    await handedOver(id);
    expect(onfleet.ours(id)).toMatchObject({
      completeAfter: Date.parse(quote.dropoff_window!.start_time),
      completeBefore: Date.parse(quote.dropoff_window!.end_time),
    });
  });
});
