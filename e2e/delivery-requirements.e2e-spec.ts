import { createClientApp, DEFAULT_RATE_CARD, type Fleet } from '@delivery/accounts';
import { fleetTaskResponseSchema, problemDocumentSchema, quoteResponseSchema, shipResponseSchema } from '@delivery/contracts';
import { partnerShipRequest } from '@delivery/testing';
import { aQuoteRequest, aShipRequest } from './support/ship-request.fixture';
import { consoleSession } from './support/console-session';
import { call, DEMO_LEVEL, startHarness, tokenFor, V1_ORDERS, V2, type Harness } from './support/standalone-harness';

const TASKS = '/fleet/v1/tasks';
const SIGNATURE = 'https://pod.example/signature.png';
const rateCardFleet = (id: number, carrier: string, capabilities: Fleet['capabilities']): Fleet => ({
  accountId: 'demo',
  id,
  name: `Fleet ${id}`,
  fleetType: 1,
  externalTeamId: `team-${id}`,
  carrierCodes: [carrier],
  serviceLevels: [],
  capabilities,
  connector: { ...DEFAULT_RATE_CARD, currency: 'USD', workingHours: { startHour: 0, endHour: 24 } },
});

/** What a drop-off requires, from the platform's record and the plan, through quotes, dispatch, the fleet API and the tracking page. */
describe('delivery requirements', () => {
  let harness: Harness;
  let caller: string;
  const plan = (carrierCode: string, requirements: { kinds: ('pin' | 'photo' | 'signature')[]; minimumAge: null } | null) =>
    harness.running.accounts.putServicePlan({
      accountId: 'demo',
      carrierCode,
      serviceLevel: DEMO_LEVEL,
      carrierName: carrierCode,
      currency: 'USD',
      baseCharge: 5,
      perKgCharge: 0,
      requirements,
    });
  const fleetToken = async (fleetId: number) => {
    const { app, clientSecret } = await createClientApp(
      { accountId: 'demo', name: `fleet-${fleetId}`, fleetId },
      { accounts: harness.running.accounts, clock: harness.clock },
    );
    return tokenFor(harness, { clientId: app.clientId, clientSecret });
  };
  const getOrder = async (taskId: string) =>
    shipResponseSchema.parse((await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token: caller })).body).completedShipments![0]!;
  /** The fleet takes the task to its drop-off, where the driver stands with the recipient. */
  const toTheDoor = async (token: string, taskId: string, wayPoints: { id: string }[]) => {
    expect((await call(harness, 'PUT', `${TASKS}/${taskId}/driver`, { token, json: { name: 'Grace Driver' } })).status).toBe(200);
    for (const step of ['start', `way_points/${wayPoints[0]!.id}/complete`, 'start', `way_points/${wayPoints[1]!.id}/arrive`])
      expect((await call(harness, 'POST', `${TASKS}/${taskId}/${step}`, { token })).status).toBe(200);
  };
  const complete = (token: string, taskId: string, dropoffId: string, proof: Record<string, unknown>) =>
    call(harness, 'POST', `${TASKS}/${taskId}/way_points/${dropoffId}/complete`, { token, json: { proof_of_delivery: proof } });

  beforeAll(async () => {
    harness = await startHarness();
    caller = await tokenFor(harness);
    await plan('PINNED', { kinds: ['pin', 'photo'], minimumAge: null });
    await harness.running.accounts.putFleet(rateCardFleet(41, 'PINNED', null));
    await plan('NOPROOF', { kinds: ['signature'], minimumAge: null });
    await harness.running.accounts.putFleet(rateCardFleet(42, 'NOPROOF', []));
    await harness.running.accounts.putFleet(rateCardFleet(43, 'NOPROOF', ['photo']));
  });
  afterAll(() => harness.stop());

  it("reads an adult signature from the platform's full record, and refuses the drop-off until the ID shows 21 or older", async () => {
    const request = partnerShipRequest({ fulfillmentId: 'FUL-ADULT-1', orderId: 'ORD-ADULT-1' });
    const created = await call(harness, 'POST', V1_ORDERS, { token: caller, json: request });
    expect(created.status).toBe(200);
    const shipment = shipResponseSchema.parse(created.body).completedShipments![0]!;
    expect(shipment.requirements).toEqual({ kinds: ['signature', 'minimum_age'], minimum_age: 21, pin: null });
    const fleet = await fleetToken(shipment.fleet!.id);
    const seen = fleetTaskResponseSchema.parse((await call(harness, 'GET', `${TASKS}/${shipment.task_id}`, { token: fleet })).body);
    expect(seen.task!.requirements).toEqual({ kinds: ['signature', 'minimum_age'], minimum_age: 21 });
    const dropoff = shipment.way_points[1]!.id;
    await toTheDoor(fleet, shipment.task_id, shipment.way_points);

    const bare = await complete(fleet, shipment.task_id, dropoff, { recipient_name: 'Ada Lovelace' });
    expect(bare.status).toBe(409);
    const problem = problemDocumentSchema.parse(bare.body);
    expect(problem.details.reason).toMatch(/signature_url.*recipient_birth_date/);
    const young = await complete(fleet, shipment.task_id, dropoff, {
      signature_url: SIGNATURE,
      id_checked: true,
      recipient_birth_date: '2010-01-01',
    });
    expect(young.status).toBe(409);
    expect(problemDocumentSchema.parse(young.body).details.reason).toMatch(/under 21; fail the drop-off with reason_code age_check_failed/);
    expect((await getOrder(shipment.task_id)).status).toBe('at_dropoff');

    const done = await complete(fleet, shipment.task_id, dropoff, {
      signature_url: SIGNATURE,
      id_checked: true,
      recipient_birth_date: '1990-05-17',
    });
    expect(done.status).toBe(200);
    const delivered = await getOrder(shipment.task_id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.way_points[1]!.proof_of_delivery).toMatchObject({ signature_url: SIGNATURE, verified: ['signature', 'minimum_age'] });
    expect(JSON.stringify(delivered)).not.toContain('1990-05-17');
  });

  it('gives the recipient a PIN when the plan requires one, shows it on the tracking page, and takes only that PIN', async () => {
    const created = await call(harness, 'POST', V1_ORDERS, { token: caller, json: aShipRequest({ carrierCode: 'PINNED' }) });
    const shipment = await getOrder(shipResponseSchema.parse(created.body).completedShipments![0]!.task_id);
    const pin = shipment.requirements.pin!;
    expect(shipment.requirements).toEqual({ kinds: ['photo', 'pin'], minimum_age: null, pin: expect.stringMatching(/^\d{6}$/) });
    const page = await (await fetch(shipment.tracking_url!)).text();
    expect(page).toContain(`<strong>${pin}</strong>: give it to the driver`);
    const fleet = await fleetToken(41);
    // The fleet learns a PIN is needed, never the PIN itself.
    const seen = (await call(harness, 'GET', `${TASKS}/${shipment.task_id}`, { token: fleet })).body;
    expect(fleetTaskResponseSchema.parse(seen).task!.requirements).toEqual({ kinds: ['photo', 'pin'], minimum_age: null });
    expect(JSON.stringify(seen)).not.toMatch(/"pin":/);
    await toTheDoor(fleet, shipment.task_id, shipment.way_points);
    const photo = 'https://pod.example/door.jpg';
    const wrong = await complete(fleet, shipment.task_id, shipment.way_points[1]!.id, {
      photo_url: photo,
      pin: pin === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(409);
    expect(problemDocumentSchema.parse(wrong.body).details.reason).toContain('the PIN given does not match');
    expect((await complete(fleet, shipment.task_id, shipment.way_points[1]!.id, { photo_url: photo, pin })).status).toBe(200);
    const after = await (await fetch(shipment.tracking_url!)).text();
    expect(after).not.toContain('Your delivery code');
  });

  it('takes five wrong PINs, each recorded and told (PinRejected), then locks the PIN: the drop-off is failed and the parcel returned', async () => {
    const created = await call(harness, 'POST', V1_ORDERS, { token: caller, json: aShipRequest({ carrierCode: 'PINNED' }) });
    const shipment = await getOrder(shipResponseSchema.parse(created.body).completedShipments![0]!.task_id);
    const pin = shipment.requirements.pin!;
    const fleet = await fleetToken(41);
    await toTheDoor(fleet, shipment.task_id, shipment.way_points);
    const dropoff = shipment.way_points[1]!.id;
    const proof = (guess: string) => ({ photo_url: 'https://pod.example/door.jpg', pin: guess });
    const wrong = String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
    for (let n = 1; n <= 5; n += 1) {
      const refused = await complete(fleet, shipment.task_id, dropoff, proof(wrong));
      expect(refused.status).toBe(409);
      expect(problemDocumentSchema.parse(refused.body).details.reason).toMatch(n < 5 ? `${n} of 5 wrong tries` : /is locked/);
    }
    // Locked: the right PIN is refused too, and the driver is told what to do.
    const locked = await complete(fleet, shipment.task_id, dropoff, proof(pin));
    expect(locked.status).toBe(409);
    expect(problemDocumentSchema.parse(locked.body).details.reason).toMatch(/fail the drop-off with reason_code id_check_failed/);
    expect((await getOrder(shipment.task_id)).status).toBe('at_dropoff');
    // Each wrong try is on the delivery's timeline, as the console shows it, without the PIN tried.
    const viewer = await consoleSession(harness, 'viewer');
    const { timeline } = (await viewer.as('GET', `/console/api/deliveries/${shipment.task_id}`)).body;
    expect(timeline.filter((step: { event: string }) => step.event === 'PinRejected')).toHaveLength(5);
    expect(JSON.stringify(timeline)).not.toContain(wrong);
    const failed = await call(harness, 'POST', `${TASKS}/${shipment.task_id}/way_points/${dropoff}/fail`, {
      token: fleet,
      json: { reason_code: 'id_check_failed' },
    });
    expect(failed.status).toBe(200);
    expect((await getOrder(shipment.task_id)).follow_up).toMatchObject({ kind: 'return' });
  });

  it('neither quotes nor dispatches a fleet that cannot collect the proof, and says which proof', async () => {
    const quoted = quoteResponseSchema.parse(
      (await call(harness, 'POST', `${V2}/quotes`, { token: caller, json: aQuoteRequest({ carrierCode: 'NOPROOF' }) })).body,
    );
    expect(quoted.quotes ?? []).toEqual([]);
    expect(quoted.quote_errors.map((e) => [e.fleet_id, e.status, e.details])).toEqual([
      [42, 'requirements_unmet', ["it cannot collect the recipient's signature"]],
      [43, 'requirements_unmet', ["it cannot collect the recipient's signature"]],
    ]);
    const refused = await call(harness, 'POST', V1_ORDERS, { token: caller, json: aShipRequest({ carrierCode: 'NOPROOF' }) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ severityType: 'ERROR' });
    expect(JSON.stringify(refused.body)).toMatch(/can deliver this order \(Fleet 42: it cannot collect the recipient's signature/);
  });
});
