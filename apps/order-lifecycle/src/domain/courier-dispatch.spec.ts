import type { Fleet } from '@delivery/accounts';
import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedTaskRepository } from '../adapters/task.embedded-repository';
import type { CourierAnswer, Couriers } from '../ports/couriers';
import type { Fleets } from '../ports/fleets';
import { aTask } from '../testing/task.fixture';
import { HAND_OVER_CLAIM_MS, queueHandOver, type CourierDeps } from './courier-dispatch';
import { CourierLanes } from '../lanes/courier-lanes';
import { dispatchTo } from './task-lifecycle';

const AT = '2026-11-27T09:00:00.000Z';
const COURIER: Fleet = {
  accountId: aTask().accountId,
  id: 7,
  name: 'Uber Direct',
  fleetType: 1,
  externalTeamId: 'team-7',
  carrierCodes: ['UBER'],
  serviceLevels: [],
  connector: {
    kind: 'uber-direct',
    baseUrl: 'https://api.uber.com',
    tokenUrl: 'https://auth.uber.com/oauth/v2/token',
    customerId: 'cus',
    clientId: 'client',
    clientSecret: 'secret',
    timeoutMs: 3_000,
  } as Fleet['connector'],
};

/** A network whose create waits for the test to answer it, counting every call. */
function slowNetwork() {
  const calls: string[] = [];
  const waiting: ((answer: CourierAnswer) => void)[] = [];
  const couriers: Couriers = {
    serves: () => true,
    dispatch: (_fleet, task) => {
      calls.push(task.id);
      return new Promise((resolve) => waiting.push(resolve));
    },
    cancel: async () => ({ ok: false, reason: 'unused', retryable: false }),
    status: async () => ({ ok: false, reason: 'unused', retryable: false }),
  };
  return { couriers, calls, waiting };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
};

describe("a courier hand-over's claim", () => {
  const dir = tempDataDir('hand-over-');
  const store = openEmbeddedStore(dir.path);
  afterAll(async () => {
    await store.close();
    dir.remove();
  });
  const fleets: Fleets = {
    getFleet: async () => COURIER,
    listFleets: async () => [COURIER],
    listAccounts: async () => [],
    getAccount: async () => null,
  };
  const logger = { error: () => undefined };

  /** One process: its own repository over the shared data, its own lanes, its own name. */
  const process = (claimant: string, couriers: Couriers, clock: ManualClock): CourierDeps => ({
    tasks: new EmbeddedTaskRepository(store),
    fleets,
    clock,
    eventsCommitted: () => undefined,
    couriers,
    lanes: new CourierLanes({ concurrency: 4, firstBackOffMs: 10, maxBackOffMs: 20, patienceMs: 60_000 }, logger),
    claimant,
    logger,
  });

  it('lets one process call the network for a task, however many ask at once, until its claim lapses', async () => {
    const clock = new ManualClock(new Date(AT));
    const task = dispatchTo(aTask(), COURIER, AT).task;
    const network = slowNetwork();
    const [a, b] = [process('a', network.couriers, clock), process('b', network.couriers, clock)];
    await a.tasks.create(task, []);

    // Two replicas handed the same task at once (a rebalance's overlap, a sweep beside a redelivery).
    const first = queueHandOver(a, task.accountId, task.id, COURIER.id);
    const second = queueHandOver(b, task.accountId, task.id, COURIER.id);
    await second;
    await until(() => network.calls.length === 1);
    expect((await a.tasks.findById(task.accountId, task.id))!.dispatch!.handOverClaim).toMatchObject({ by: 'a' });

    // The claimer stops mid-call; once its claim has lapsed another process takes the task over.
    await queueHandOver(b, task.accountId, task.id, COURIER.id);
    expect(network.calls).toHaveLength(1);
    clock.advance(HAND_OVER_CLAIM_MS + 1);
    const takenOver = queueHandOver(b, task.accountId, task.id, COURIER.id);
    await until(() => network.calls.length === 2);
    expect((await b.tasks.findById(task.accountId, task.id))!.dispatch!.handOverClaim).toMatchObject({ by: 'b' });

    const accepted = {
      stage: 'accepted' as const,
      courier: null,
      location: null,
      etas: { pickup: null, dropoff: null },
      proof: null,
      reason: null,
    };
    network.waiting.forEach((answer) => answer({ ok: true, report: accepted }));
    await Promise.all([first, takenOver]);
    await Promise.all([a.lanes.stop(), b.lanes.stop()]);
  });
});
