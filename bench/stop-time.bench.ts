/**
 * How long each app takes from SIGTERM to its exit while Create Orders come in (issue 50):
 * every app of the distributed shape in turn, then the standalone, `RUNS` times each, the
 * app started again between runs. The goal: under 2 s plus the app's drain (the readiness
 * pause before it stops serving: 0 in the distributed shape's launcher, 1 s by default).
 * Beside them the floor, on the same Node: an express echo's own SIGTERM-to-exit.
 */
import { freePort, tempDataDir, waitForPort } from '@delivery/testing';
import { startDistributed, type Instance } from '../tools/distributed/launch';
import { startOrderLoad } from '../tools/faults/order-load';
import { prepareBenchAccount } from './load/bench-account';
import { NO_LIMITS } from './load/orders-api';
import { spawnNode, waitReady } from './load/processes';

const RUNS = 3;
const GOAL_MS = 2_000;
/** Each app stopped in turn, its other replica (where it has one) running on. */
const APPS: Instance[] = ['quote', 'notes', 'webhook-dispatcher', 'notifier', 'order-lifecycle', 'gateway'];
/** Two replicas of the consumers, as deployed: a stop hands partitions to the other. */
const REPLICAS = { 'order-lifecycle': 2, 'webhook-dispatcher': 2, notifier: 2 } as const;

type Load = ReturnType<typeof startOrderLoad>;

/** Waits until the load has made `more` orders since now: writes under way when the signal goes. */
async function ordersFlowing(load: Load, more = 10): Promise<void> {
  const made = load.tasks.length;
  const deadline = Date.now() + 120_000;
  while (load.tasks.length < made + more) {
    if (Date.now() > deadline) throw new Error('stop-time: the load made no orders for two minutes');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** SIGTERM to exit of a bare express process: what any stop costs on this Node and machine. */
async function echoFloorMs(): Promise<number> {
  const port = await freePort();
  const echo = spawnNode('bench/load/echo-server.ts', { PORT: String(port) });
  await waitForPort(port, 30_000);
  const started = Date.now();
  await echo.stop();
  return Date.now() - started;
}

async function distributedStops(): Promise<Map<string, number[]>> {
  const dir = tempDataDir('stop-time-');
  const credentials = await prepareBenchAccount(dir.path);
  const running = await startDistributed({
    dataDir: dir.path,
    gatewayPort: await freePort(),
    basePort: 40_000 + Math.floor(Math.random() * 10_000),
    env: { ...NO_LIMITS, LOG_LEVEL: 'warn' },
    replicas: REPLICAS,
    onLine: () => undefined,
  });
  const load = startOrderLoad({ gatewayUrl: running.gatewayUrl, credentials, perSecond: 20, carrierCodes: ['OWNFLEET'] });
  const times = new Map<string, number[]>();
  try {
    for (const app of APPS) {
      for (let run = 0; run < RUNS; run += 1) {
        await ordersFlowing(load);
        const started = Date.now();
        const code = await running.stopApp(app, 60_000);
        const ms = Date.now() - started;
        if (code !== 0) throw new Error(`stop-time: ${app} exited with ${code}`);
        times.set(app, [...(times.get(app) ?? []), ms]);
        console.log(`stop-time: ${app} run ${run + 1}: ${ms} ms`);
        await running.start(app, 120_000);
      }
    }
    // Both order-lifecycle replicas at once, as when a Deployment is deleted: each leaves its
    // group while the other does (see the launcher, which stops replicas in turn for this).
    const both: Instance[] = ['order-lifecycle', 'order-lifecycle#2'];
    for (let run = 0; run < RUNS; run += 1) {
      await ordersFlowing(load);
      const started = Date.now();
      const codes = await Promise.all(both.map((instance) => running.stopApp(instance, 60_000)));
      const ms = Date.now() - started;
      times.set('order-lifecycle, both replicas at once', [...(times.get('order-lifecycle, both replicas at once') ?? []), ms]);
      console.log(`stop-time: both order-lifecycle replicas at once, run ${run + 1}: ${ms} ms, exit codes ${codes.join(', ')}`);
      await Promise.all(both.map((instance) => running.start(instance, 120_000)));
    }
  } finally {
    await load.stop();
    await running.stop();
    dir.remove();
  }
  return times;
}

async function standaloneStops(): Promise<number[]> {
  const dir = tempDataDir('stop-time-standalone-');
  const credentials = await prepareBenchAccount(dir.path);
  const [port, opsPort] = [await freePort(), await freePort()];
  const env = { DATA_DIR: dir.path, PORT: String(port), OPS_PORT: String(opsPort), DEMO_ACCOUNT: 'false', ...NO_LIMITS };
  const start = async () => {
    const app = spawnNode('apps/standalone/src/main.ts', env, ['--max-semi-space-size=64']);
    await waitReady(`http://127.0.0.1:${opsPort}`);
    return app;
  };
  let app = await start();
  const load = startOrderLoad({ gatewayUrl: `http://127.0.0.1:${port}`, credentials, perSecond: 20, carrierCodes: ['OWNFLEET'] });
  const times: number[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      await ordersFlowing(load);
      const started = Date.now();
      await app.stop();
      times.push(Date.now() - started);
      app = await start();
    }
  } finally {
    await load.stop();
    await app.stop();
    dir.remove();
  }
  return times;
}

async function main() {
  const floor = await echoFloorMs();
  console.log(`stop-time: an express echo's SIGTERM to exit, the floor: ${floor} ms`);
  const rows: { app: string; drainMs: number; times: number[] }[] = [];
  for (const [app, times] of await distributedStops()) rows.push({ app, drainMs: 0, times });
  // The standalone's default drain (SHUTDOWN_DRAIN_MS).
  rows.push({ app: 'standalone', drainMs: 1_000, times: await standaloneStops() });
  console.log('\n| app | drain | SIGTERM to exit, each run | goal | met |');
  console.log('| --- | --- | --- | --- | --- |');
  let met = true;
  for (const { app, drainMs, times } of rows) {
    const ok = Math.max(...times) < GOAL_MS + drainMs;
    met &&= ok;
    console.log(
      `| ${app} | ${drainMs} ms | ${times.map((ms) => `${ms} ms`).join(', ')} | < ${GOAL_MS + drainMs} ms | ${ok ? 'yes' : 'NO'} |`,
    );
  }
  console.log(`\nstop-time: ${met ? 'every stop within its goal' : 'a stop over its goal'}`);
  process.exitCode = met ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
