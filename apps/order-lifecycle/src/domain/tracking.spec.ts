import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedTaskRepository } from '../adapters/task.embedded-repository';
import { aTask } from '../testing/task.fixture';
import type { Task, TaskStatus } from './task';
import { trackDelivery } from './tracking';

describe('the tracking view', () => {
  const dir = tempDataDir('tracking-');
  const store = openEmbeddedStore(dir.path);
  const tasks = new EmbeddedTaskRepository(store);
  const fleets = { listFleets: async () => [] };
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  let made = 0;
  /** A task at `status` whose drop-off has an ETA and which asks for a signature and a PIN. */
  async function trackedAt(status: TaskStatus): Promise<string> {
    made += 1;
    const token = `token-${String(made).padStart(16, '0')}`;
    const base = aTask();
    const task: Task = {
      ...base,
      id: `tsk_${String(made).padStart(24, '0')}`,
      shipmentId: `SHP${made}`,
      fulfillmentId: `FUL-${made}`,
      status,
      trackingToken: token,
      wayPoints: base.wayPoints.map((w) => (w.type === 'dropoff' ? { ...w, eta: '2026-11-22T17:00:00.000Z' } : w)),
      requirements: { kinds: ['signature'], minimumAge: null },
      pin: '4821',
    };
    await tasks.create(task, []);
    return token;
  }

  it('shows the ETA, the window, the requirements and the PIN while the delivery is coming', async () => {
    for (const status of ['created', 'dispatched', 'en_route_to_dropoff'] as const) {
      const view = await trackDelivery(await trackedAt(status), { tasks, fleets });
      expect({ status, eta: view.eta, window: view.window, requirements: view.requirements, pin: view.pin }).toEqual({
        status,
        eta: '2026-11-22T17:00:00.000Z',
        window: { start: null, end: '2026-11-22T18:00:00.000Z' },
        requirements: { kinds: ['signature'], minimumAge: null },
        pin: '4821',
      });
    }
  });

  it('shows none of them once no delivery is coming, a lapsed hold included', async () => {
    for (const status of ['delivered', 'failed', 'returned', 'cancelled', 'released'] as const) {
      const view = await trackDelivery(await trackedAt(status), { tasks, fleets });
      expect({ status, eta: view.eta, window: view.window, requirements: view.requirements, pin: view.pin }).toEqual({
        status,
        eta: null,
        window: null,
        requirements: null,
        pin: null,
      });
    }
  });
});
