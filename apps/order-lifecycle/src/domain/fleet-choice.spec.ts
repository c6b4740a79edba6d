import { DEFAULT_RATE_CARD, type Fleet } from '@delivery/accounts';
import { aTask } from '../testing/task.fixture';
import { chooseFleets } from './fleet-choice';
import { BY_FLEET_ID, decideDispatch, unpriced } from './dispatch-decision';

const fleet = (id: number, overrides: Partial<Fleet> = {}): Fleet => ({
  accountId: 'acc_1',
  id,
  name: `Fleet ${id}`,
  fleetType: 1,
  externalTeamId: `team-${id}`,
  carrierCodes: ['OWN'],
  serviceLevels: [],
  connector: { ...DEFAULT_RATE_CARD, currency: 'USD' },
  ...overrides,
});
const fleets = (all: Fleet[]) => ({ listFleets: async () => all, listAccounts: async () => [] });

describe('choosing fleets for a task', () => {
  it('tries the fleets serving its carrier by id, leaving out those whose area misses its drop-off, and says why', async () => {
    const task = aTask();
    const downtown = fleet(2, { serviceArea: { postalCodes: [{ country: 'US', codes: ['10001'], prefixes: [] }] } });
    const choice = await chooseFleets(task, fleets([fleet(3), downtown, fleet(1), fleet(4, { carrierCodes: ['OTHER'] })]));
    expect(choice.fleets.map((f) => f.id)).toEqual([3, 1]);
    expect(choice.leftOut).toEqual([
      { fleetName: 'Fleet 2', why: 'outside_area', reason: expect.stringMatching(/^the fleet does not deliver to postal code /) },
    ]);
  });

  it("falls back along the task's dispatch decision: in its order, never to a fleet passed over or added since, nor to one that rejected it", async () => {
    const decision = decideDispatch(
      unpriced([
        { id: 1, name: 'Fleet 1' },
        { id: 2, name: 'Fleet 2' },
        { id: 3, name: 'Fleet 3' },
      ]),
      { ...BY_FLEET_ID, preferredFleetIds: [3, 1], allowedFleetIds: [1, 3] },
      'USD',
      '2026-11-23T09:00:00.000Z',
    );
    const task = aTask({ dispatchDecision: decision, rejectedFleetIds: [3] });
    const choice = await chooseFleets(task, fleets([fleet(1), fleet(2), fleet(3), fleet(4)]));
    expect(choice.fleets.map((f) => f.id)).toEqual([1]);
    const fresh = await chooseFleets(aTask({ dispatchDecision: decision }), fleets([fleet(1), fleet(2), fleet(3), fleet(4)]));
    expect(fresh.fleets.map((f) => f.id)).toEqual([3, 1]);
  });
});
