import { randomBytes } from 'node:crypto';
import { quoteResponseSchema, UBER_DIRECT_DEFAULTS } from '@delivery/contracts';
import { eventually, startOnfleetFake, startUberDirectFake, tempDataDir } from '@delivery/testing';
import { aCancelEvent, aQuoteRequest } from './support/ship-request.fixture';
import { COURIER_URL_POLICY, courierFleetSteps, uberDirectFleetOptions } from './support/courier-fleet';
import { call, startHarness, tokenFor, V1_ORDERS, V2, type Harness } from './support/standalone-harness';

const UBER_APP = {
  customerId: 'cus_iso',
  clientId: 'uber-client-iso',
  clientSecret: randomBytes(24).toString('base64url'),
  webhookSigningKey: randomBytes(24).toString('hex'),
};
const ONFLEET_ORG = { apiKey: randomBytes(16).toString('hex'), webhookSecret: randomBytes(32).toString('hex') };
const WORKER = { id: 'wkr_iso', name: 'Ana Driver', phone: '+12175550177' };

/** One courier network's outage is its own: each courier fleet has its own lane (issue 35). */
describe('a courier network that hangs', () => {
  let harness: Harness;
  let token: string;
  const uberSteps = courierFleetSteps(
    () => harness,
    () => token,
    'UBER',
  );
  const onfleetSteps = courierFleetSteps(
    () => harness,
    () => token,
    'ONFLEET',
  );
  let uber: Awaited<ReturnType<typeof startUberDirectFake>>;
  let onfleet: Awaited<ReturnType<typeof startOnfleetFake>>;
  let onfleetWebhookUrl: string;
  const dir = tempDataDir('courier-isolation-');

  beforeAll(async () => {
    harness = await startHarness({ dataDir: dir.path, webhooks: { urlPolicy: COURIER_URL_POLICY } });
    token = await tokenFor(harness);
    uber = await startUberDirectFake(UBER_APP, { now: () => harness.clock.now().getTime() });
    onfleet = await startOnfleetFake(ONFLEET_ORG, { now: () => harness.clock.now().getTime() });
    const { admin } = uberSteps;
    await admin('add-service-plan', { 'carrier-code': 'UBER', 'service-level': 'EXPRESS', 'base-charge': '8.75' });
    await admin('add-service-plan', { 'carrier-code': 'ONFLEET', 'service-level': 'EXPRESS', 'base-charge': '6' });
    await admin('add-fleet', uberDirectFleetOptions(uber.url, UBER_APP));
    const onfleetSettings = {
      name: 'Our drivers',
      'carrier-codes': 'ONFLEET,UBER',
      'fleet-type': '0',
      connector: 'onfleet',
      'base-url': onfleet.url,
      'api-key': ONFLEET_ORG.apiKey,
      'base-fee': '650',
      'working-hours': '0-24',
    };
    const fleet = await admin('add-fleet', onfleetSettings);
    onfleetWebhookUrl = `${harness.url}${(fleet.courierWebhook as { path: string }).path}`;
    await admin('add-fleet', { ...onfleetSettings, id: String(fleet.id), replace: 'true', 'webhook-secret': ONFLEET_ORG.webhookSecret });
    // A token from Uber while it answers: its outage then meets deliveries, not the token URL.
    const quoted = await call(harness, 'POST', `${V2}/quotes`, { token, json: aQuoteRequest({ carrierCode: 'UBER' }) });
    expect(quoteResponseSchema.parse(quoted.body).quote_errors).toEqual([]);
  });
  afterAll(async () => {
    await harness.stop();
    await uber.stop();
    await onfleet.stop();
    dir.remove();
  });

  it("leaves the other network's dispatches, quotes and callbacks on time, and hands its own over once it answers again", async () => {
    uber.hang();
    // More Uber orders than its lane makes calls at once (4): each waits on Uber for its fleet's timeout (3 s).
    const waiting = [];
    for (let i = 0; i < 6; i += 1) waiting.push((await uberSteps.sameDay()).task_id);
    await eventually(() => expect(uber.heldRequests()).toBeGreaterThan(0));

    // Handed over before any of Uber's calls could end at its timeout: not queued behind them.
    const uberCallBound = UBER_DIRECT_DEFAULTS.timeoutMs;
    const madeAt = Date.now();
    const id = (await onfleetSteps.sameDay()).task_id;
    await eventually(async () => expect((await onfleetSteps.order(id)).fleet?.accepted_at).toEqual(expect.any(String)), uberCallBound, 20);
    expect(Date.now() - madeAt).toBeLessThan(uberCallBound);

    // Its driver's news arrives and is applied meanwhile.
    onfleet.progress(id, 1, { worker: WORKER.id });
    expect((await onfleet.webhook(onfleetWebhookUrl, 'taskAssigned', id, WORKER)).status).toBe(200);
    expect(await onfleetSteps.order(id)).toMatchObject({ status: 'assigned', driver: { name: 'Ana Driver' } });

    // A quote: Onfleet's drivers at once; Uber, asked too, within the fleet's quote budget, named as not answering.
    const quoteStarted = Date.now();
    const quotes = quoteResponseSchema.parse(
      (await call(harness, 'POST', `${V2}/quotes`, { token, json: aQuoteRequest({ carrierCode: 'UBER' }) })).body,
    );
    expect(Date.now() - quoteStarted).toBeLessThan(uberCallBound);
    expect(new Set(quotes.quotes!.map((q) => q.fleet.name))).toEqual(new Set(['Our drivers']));
    expect(quotes.quote_errors).toEqual([expect.objectContaining({ fleet_name: 'Uber Direct' })]);

    // Uber's orders wait for it, with the fleet's own back-off; none went to Onfleet meanwhile.
    for (const task of waiting) expect((await uberSteps.order(task)).fleet).toMatchObject({ name: 'Uber Direct', accepted_at: null });
    uber.answerAgain();
    for (const task of waiting) {
      await eventually(async () => expect((await uberSteps.order(task)).fleet?.accepted_at).toEqual(expect.any(String)), 60_000, 200);
    }
    // Each made once at Uber, whatever was tried while it hung (the fake records no request it held).
    const made = uber.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/deliveries')).map((c) => String(c.body.external_id));
    expect(made.sort()).toEqual([...waiting].sort());
  }, 90_000);

  it('hands over and calls off, after a restart, what the stopped process still had queued', async () => {
    const toCancel = await uberSteps.sameDay();
    await uberSteps.handedOver(toCancel.task_id);
    uber.hang();
    const id = (await uberSteps.sameDay()).task_id;
    await eventually(() => expect(uber.heldRequests()).toBe(1));
    const cancelled = await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token, json: aCancelEvent(toCancel.fulfillmentId) });
    expect(cancelled.status).toBe(200);
    await eventually(() => expect(uber.heldRequests()).toBe(2));
    // Stopping drops the lanes' queues: the tasks themselves say what is still owed.
    await harness.stop();
    uber.answerAgain();
    // The same data: the caller's token still holds.
    harness = await startHarness({ dataDir: dir.path, webhooks: { urlPolicy: COURIER_URL_POLICY } });
    expect((await uberSteps.order(id)).fleet).toMatchObject({ name: 'Uber Direct', accepted_at: null });
    await harness.running.courierPolls.sweep();
    expect((await uberSteps.order(id)).fleet).toMatchObject({ accepted_at: null });
    expect(uber.byExternalId(toCancel.task_id)!.status).toBe('pending');
    // Once they have waited a minute, the courier sweep queues them again.
    harness.clock.advance(61_000);
    await harness.running.courierPolls.sweep();
    await uberSteps.handedOver(id);
    expect(uber.calls.filter((c) => c.method === 'POST' && c.body.external_id === id)).toHaveLength(1);
    await eventually(() => expect(uber.byExternalId(toCancel.task_id)!.status).toBe('canceled'));
    // Told once: later sweeps leave it be.
    const cancels = () => uber.calls.filter((c) => c.path.endsWith('/cancel')).length;
    const told = cancels();
    harness.clock.advance(61_000);
    await harness.running.courierPolls.sweep();
    expect(cancels()).toBe(told);
  }, 30_000);
});
