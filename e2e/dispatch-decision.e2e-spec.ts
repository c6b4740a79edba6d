import { DEFAULT_RATE_CARD, type Fleet } from '@delivery/accounts';
import { dispatchDecisionResponseSchema, shipResponseSchema, type OrderCreatedEvent } from '@delivery/contracts';
import { eventually } from '@delivery/testing';
import { aShipRequest } from './support/ship-request.fixture';
import { call, collectOrderEvents, DEMO_LEVEL, startHarness, tokenFor, V1_ORDERS, V2, type Harness } from './support/standalone-harness';

const rateCardFleet = (id: number, name: string, baseFee: number): Fleet => ({
  accountId: 'demo',
  id,
  name,
  fleetType: 1,
  externalTeamId: `team-${id}`,
  carrierCodes: ['CHOICE'],
  serviceLevels: [],
  // Hour-long windows 30 minutes away: the order's 15:00 to 18:00 leaves room for a drop-off.
  connector: { ...DEFAULT_RATE_CARD, currency: 'USD', baseFee, windowMinutes: 60, transitMinutes: 30 },
});

describe('Dispatch decisions: Same-Day dispatch ranks the fleets by the plan policy, records why, and has a dry run', () => {
  let harness: Harness;
  let token: string;

  beforeAll(async () => {
    harness = await startHarness();
    token = await tokenFor(harness);
    await harness.running.accounts.putServicePlan({
      accountId: 'demo',
      carrierCode: 'CHOICE',
      serviceLevel: DEMO_LEVEL,
      carrierName: 'Cheapest Courier',
      currency: 'USD',
      baseCharge: 5,
      perKgCharge: 0,
      dispatchPolicy: { strategy: 'cheapest', preferredFleetIds: [], maxFee: 3_000, allowedFleetIds: null },
    });
    await harness.running.accounts.putFleet(rateCardFleet(31, 'Pricey Vans', 1_200));
    await harness.running.accounts.putFleet(rateCardFleet(32, 'Thrifty Bikes', 400));
    await harness.running.accounts.putFleet(rateCardFleet(33, 'Luxury Limos', 5_000));
  });
  afterAll(() => harness.stop());

  const summary = (decision: { candidates: { fleet_id: number; outcome: string }[] }) =>
    decision.candidates.map((c) => [c.fleet_id, c.outcome]);

  it('answers the ranking without creating the order', async () => {
    const request = aShipRequest({ carrierCode: 'CHOICE' });
    const { status, body } = await call(harness, 'POST', `${V2}/dispatch-decisions`, { token, json: request });
    expect(status).toBe(200);
    const decision = dispatchDecisionResponseSchema.parse(body).dispatch_decision!;
    expect(decision.strategy).toBe('cheapest');
    expect(summary(decision)).toEqual([
      [32, 'chosen'],
      [31, 'fallback'],
      [33, 'passed_over'],
    ]);
    expect(decision.candidates[0]).toMatchObject({ fleet_name: 'Thrifty Bikes', currency_code: 'USD', reason: 'the cheapest of 2' });
    expect(decision.candidates[0]!.fee).toBeLessThan(decision.candidates[1]!.fee!);
    expect(decision.candidates[2]!.reason).toMatch(/^fee \d+ USD is above the plan's maximum of 3000$/);
    const lookup = await call(harness, 'GET', `${V1_ORDERS}/${request.shipRequest.shipment.orderId}`, { token });
    expect(lookup.status).toBe(404);
  });

  it('dispatches to the chosen fleet, shows the decision in Get Order and publishes it on Kafka with OrderCreated', async () => {
    const collector = await collectOrderEvents<OrderCreatedEvent>(harness);
    const { body } = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest({ carrierCode: 'CHOICE' }) });
    const shipment = shipResponseSchema.parse(body).completedShipments![0]!;
    expect(shipment).toMatchObject({ status: 'dispatched', fleet: { id: 32, name: 'Thrifty Bikes' } });
    const read = await call(harness, 'GET', `${V1_ORDERS}/${shipment.task_id}`, { token });
    const decision = shipResponseSchema.parse(read.body).completedShipments![0]!.dispatch_decision!;
    expect(summary(decision)).toEqual([
      [32, 'chosen'],
      [31, 'fallback'],
      [33, 'passed_over'],
    ]);
    await eventually(() =>
      expect(
        collector.events.find((e) => e.type === 'OrderCreated' && e.subject === shipment.task_id)?.data.dispatchDecision?.candidates[0],
      ).toMatchObject({
        fleetId: 32,
        outcome: 'chosen',
      }),
    );
    await collector.stop();
  });

  it('without a policy, keeps dispatching by fleet id and says so', async () => {
    const { body } = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() });
    const shipment = shipResponseSchema.parse(body).completedShipments![0]!;
    expect(shipment.dispatch_decision).toMatchObject({
      strategy: 'preferred',
      candidates: [{ fleet_id: 1, outcome: 'chosen', reason: 'first in fleet id order', fee: null }],
    });
  });

  it('answers a request without a plan in the ship envelope', async () => {
    const { status, body } = await call(harness, 'POST', `${V2}/dispatch-decisions`, {
      token,
      json: aShipRequest({ carrierCode: 'NOPLAN' }),
    });
    expect(status).toBe(422);
    expect(shipResponseSchema.parse(body).severityType).toBe('ERROR');
  });
});
