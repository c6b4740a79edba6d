import type { DispatchPolicy } from '@delivery/accounts';
import type { FleetOffer } from '../ports/quote-reservations';
import { BY_FLEET_ID, decideDispatch, needsPrices, pricedFleets, type PricedFleet } from './dispatch-decision';

const at = '2026-11-23T09:00:00.000Z';
const priced = (id: number, fee: number | null, dropoffEnd = '2026-11-23T14:00:00.000Z', currencyCode = 'USD'): PricedFleet => ({
  fleet: { id, name: `Fleet ${id}` },
  offer:
    fee === null
      ? null
      : {
          fee,
          currencyCode,
          pickupWindow: { startTime: '2026-11-23T10:00:00.000Z', endTime: '2026-11-23T12:00:00.000Z' },
          dropoffWindow: { startTime: '2026-11-23T12:00:00.000Z', endTime: dropoffEnd },
        },
  error: fee === null ? 'the fleet has no capacity left' : null,
});
const policy = (overrides: Partial<DispatchPolicy>): DispatchPolicy => ({ ...BY_FLEET_ID, ...overrides });
const summary = (decision: ReturnType<typeof decideDispatch>) => decision.candidates.map((c) => [c.fleetId, c.outcome, c.reason]);

describe('dispatch decision', () => {
  it("takes each fleet's best quote by the policy: the earliest drop-off when fastest, else the cheapest", () => {
    const quote = (fleetId: number, fee: number, dropoffEnd: string): FleetOffer => ({
      fleetId,
      fee,
      currencyCode: 'USD',
      pickupWindow: { startTime: '2026-11-23T10:00:00.000Z', endTime: '2026-11-23T12:00:00.000Z' },
      dropoffWindow: { startTime: '2026-11-23T12:00:00.000Z', endTime: dropoffEnd },
    });
    const offers = [
      quote(1, 900, '2026-11-23T13:00:00.000Z'),
      quote(1, 700, '2026-11-23T16:00:00.000Z'),
      quote(1, 800, '2026-11-23T13:00:00.000Z'),
      quote(2, 500, '2026-11-23T15:00:00.000Z'),
    ];
    const answer = { offers, errors: [{ fleetId: 3, message: 'no capacity' }] };
    const fleets = [1, 2, 3].map((id) => ({ id, name: `Fleet ${id}` }));
    const chosen = (strategy: DispatchPolicy['strategy']) =>
      pricedFleets(fleets, answer, policy({ strategy, preferredFleetIds: [2, 1] })).map((f) => [f.fleet.id, f.offer?.fee ?? f.error]);
    expect(chosen('fastest')).toEqual([
      [1, 800],
      [2, 500],
      [3, 'no capacity'],
    ]);
    for (const strategy of ['cheapest', 'preferred'] as const)
      expect(chosen(strategy)).toEqual([
        [1, 700],
        [2, 500],
        [3, 'no capacity'],
      ]);
  });

  it('without a policy, keeps fleet id order and needs no prices', () => {
    expect(needsPrices(BY_FLEET_ID)).toBe(false);
    const unpriced = [2, 1].map((id) => ({ fleet: { id, name: `Fleet ${id}` }, offer: null, error: null }));
    expect(summary(decideDispatch(unpriced, BY_FLEET_ID, 'USD', at))).toEqual([
      [1, 'chosen', 'first in fleet id order'],
      [2, 'fallback', 'number 2 in fleet id order'],
    ]);
  });

  it('cheapest: ranks by fee, and passes over a fleet that offered nothing, one above the maximum and one in another currency', () => {
    const decision = decideDispatch(
      [priced(1, 900), priced(2, 700), priced(3, null), priced(4, 1_500), priced(5, 500, undefined, 'EUR'), priced(6, 800)],
      policy({ strategy: 'cheapest', maxFee: 1_000 }),
      'USD',
      at,
    );
    expect(decision).toMatchObject({ strategy: 'cheapest', decidedAt: at });
    expect(summary(decision)).toEqual([
      [2, 'chosen', 'the cheapest of 3'],
      [6, 'fallback', 'costs 100 more than the chosen fleet'],
      [1, 'fallback', 'costs 200 more than the chosen fleet'],
      [3, 'passed_over', 'offered nothing: the fleet has no capacity left'],
      [4, 'passed_over', "fee 1500 USD is above the plan's maximum of 1000"],
      [5, 'passed_over', 'quoted in EUR while the plan is priced in USD; fees are not compared across currencies'],
    ]);
    expect(decision.candidates[0]).toMatchObject({ fee: 700, currencyCode: 'USD', dropoffWindow: { endTime: '2026-11-23T14:00:00.000Z' } });
  });

  it('fastest: ranks by the end of the drop-off window, then by fee', () => {
    const decision = decideDispatch(
      [priced(1, 500, '2026-11-23T16:00:00.000Z'), priced(2, 900, '2026-11-23T13:00:00.000Z'), priced(3, 800, '2026-11-23T13:00:00.000Z')],
      policy({ strategy: 'fastest' }),
      'USD',
      at,
    );
    expect(summary(decision)).toEqual([
      [3, 'chosen', 'the earliest drop-off of 3'],
      [2, 'fallback', 'drops off 0 minutes later than the chosen fleet'],
      [1, 'fallback', 'drops off 180 minutes later than the chosen fleet'],
    ]);
  });

  it('preferred: the listed fleets first in their order, then the others by id; allowed fleets only', () => {
    const fleets = [1, 2, 3, 4].map((id) => priced(id, 100 * id));
    const decision = decideDispatch(fleets, policy({ preferredFleetIds: [3, 1], allowedFleetIds: [1, 2, 3] }), 'USD', at);
    expect(summary(decision)).toEqual([
      [3, 'chosen', 'first in the preferred order'],
      [1, 'fallback', 'number 2 in the preferred order'],
      [2, 'fallback', 'number 3 in the preferred order'],
      [4, 'passed_over', "not among the plan's allowed fleets"],
    ]);
  });
});
