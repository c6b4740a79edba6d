import type { Clock } from '@delivery/clock';
import { FleetApiClient } from './adapters/fleet-api.client';
import { nextCalls, type SandboxSettings } from './domain/sandbox-driver';

export interface SandboxFleetOptions extends SandboxSettings {
  gatewayUrl: string;
  clientId: string;
  clientSecret: string;
  /** How often the fleet's task list is read; 0 runs no timer (tests call `tick()` themselves). */
  pollIntervalMs: number;
  clock: Clock;
  logger?: Pick<Console, 'error'>;
  /**
   * Whether it drives the fleet's tasks now: false leaves them to the fleet's own drivers (the
   * driver app's), asked every round. Absent, always.
   */
  drives?: () => Promise<boolean>;
}

export interface RunningSandboxFleet {
  /** One round now: every task whose next step is due takes it. Resolves with how many calls were made. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A fleet that drives itself through the fleet API, as a real fleet's app would: it takes
 * each task dispatched to it, names a driver and moves the task one step every `stepMs`
 * of its clock. What it did last is kept in memory; after a restart it carries on from
 * the tasks' states.
 */
export function startSandboxFleet(options: SandboxFleetOptions): RunningSandboxFleet {
  const api = new FleetApiClient(options);
  const logger = options.logger ?? console;
  const lastStepAt = new Map<string, number>();
  let running: Promise<number> = Promise.resolve(0);

  async function round(): Promise<number> {
    if (options.drives && !(await options.drives())) return 0;
    const now = options.clock.now();
    const tasks = await api.tasks();
    let calls = 0;
    for (const task of tasks) {
      const since = lastStepAt.get(task.task_id) ?? Date.parse(task.dispatched_at);
      if (now.getTime() - since < options.stepMs) continue;
      for (const call of nextCalls(task, options, now)) {
        await api.send(task.task_id, call);
        calls += 1;
      }
      lastStepAt.set(task.task_id, now.getTime());
    }
    for (const id of lastStepAt.keys()) if (!tasks.some((t) => t.task_id === id)) lastStepAt.delete(id);
    return calls;
  }

  const tick = () => {
    running = running.then(round).catch((error: unknown) => {
      logger.error('sandbox fleet: round failed, will retry:', error instanceof Error ? error.message : error);
      return 0;
    });
    return running;
  };
  // Not unref'd: in its own process this timer is what keeps the fleet running.
  const timer = options.pollIntervalMs > 0 ? setInterval(() => void tick(), options.pollIntervalMs) : null;
  return {
    tick,
    stop: async () => {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/** One process driving several fleets, each through its own fleet app (the demo account's fleets). */
export function startSandboxFleets(
  options: Omit<SandboxFleetOptions, 'clientId' | 'clientSecret' | 'drives'>,
  apps: readonly Pick<SandboxFleetOptions, 'clientId' | 'clientSecret' | 'drives'>[],
): RunningSandboxFleet {
  const fleets = apps.map((app) => startSandboxFleet({ ...options, ...app }));
  return {
    tick: async () => (await Promise.all(fleets.map((fleet) => fleet.tick()))).reduce((sum, calls) => sum + calls, 0),
    stop: async () => {
      await Promise.all(fleets.map((fleet) => fleet.stop()));
    },
  };
}
