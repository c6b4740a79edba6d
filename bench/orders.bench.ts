/**
 * Create Order and Get Order through the whole stack (issue 15), each next to an express
 * JSON echo of the same body measured just before it in the same run, since absolute
 * figures drift on a shared machine. Load: wrk (Debian's; scripts/ensure-bench-tools.sh),
 * one thread, 50 connections, a warm-up, then the measured run. Shapes:
 *  - standalone: `npm start`'s process (embedded stores, one process);
 *  - distributed: one process per app (gRPC between them, the Kafka-protocol mock broker,
 *    a throw-away redis-server, embedded stores), as `npm run start:distributed`;
 *  - stored: Get Order over random stored orders with 1,000 and then BENCH_STORED_ORDERS
 *    (1,000,000) stored, bulk-loaded through the task repository.
 * `npm run bench:orders -- standalone distributed stored` (default all three) prints every
 * figure, checks the goals, and writes the report to bench/results/orders-<time>.json.
 * Settings: BENCH_SECONDS (15), BENCH_WARMUP_SECONDS (5), BENCH_STORED_ORDERS (1000000).
 */
import { mkdirSync, statSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, tempDataDir, waitForPort } from '@delivery/testing';
import {
  createOneOrder,
  NO_LIMITS,
  ORDER_BODY,
  ORDERS_PATH,
  startStandaloneProcess,
  tokenFor,
  type RunningGateway,
} from './load/orders-api';
import { startDistributed } from '../tools/distributed/launch';
import { prepareBenchAccount, BENCH_ACCOUNT } from './load/bench-account';
import { bulkLoadOrders, readStoredTask } from './load/bulk-orders';
import { residentMiB, ROOT, spawnNode } from './load/processes';
import { runWrk, type LoadFigures, type LoadRequest } from './load/wrk';
import { cpus } from 'node:os';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const storedOrders = Number(process.env.BENCH_STORED_ORDERS ?? 1_000_000);
const CONNECTIONS = 50;
const SAMPLE = 10_000;

let runs = 0;
/** A warm-up run, then the measured one. */
async function measure(request: LoadRequest): Promise<LoadFigures> {
  await runWrk(request, { connections: CONNECTIONS, seconds: warmupSeconds, runId: `w${runs++}-${Date.now()}-` });
  const figures = await runWrk(request, { connections: CONNECTIONS, seconds, runId: `m${runs++}-${Date.now()}-` });
  if (figures.failures > 0) throw new Error(`${figures.failures} of ${figures.requests} requests failed`);
  return figures;
}

async function measureEcho(): Promise<LoadFigures> {
  const port = await freePort();
  const echo = spawnNode('bench/load/echo-server.ts', { PORT: String(port) });
  try {
    await waitForPort(port, 30_000);
    return await measure({
      method: 'POST',
      origin: `http://127.0.0.1:${port}`,
      paths: ['/echo'],
      headers: { 'content-type': 'application/json' },
      body: ORDER_BODY,
    });
  } finally {
    await echo.stop();
  }
}

async function startDistributedShape(dataDir: string): Promise<RunningGateway> {
  const basePort = 40_000 + Math.floor(Math.random() * 10_000);
  const running = await startDistributed({
    dataDir,
    basePort,
    gatewayPort: await freePort(),
    env: NO_LIMITS,
    onLine: () => undefined,
  });
  return { gatewayUrl: running.gatewayUrl, pids: running.pids, stop: running.stop };
}

const createOrderRequest = (shape: RunningGateway, token: string): LoadRequest => ({
  method: 'POST',
  origin: shape.gatewayUrl,
  paths: [ORDERS_PATH],
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: ORDER_BODY,
});
const getOrderRequest = (shape: RunningGateway, token: string, taskIds: string[]): LoadRequest => ({
  method: 'GET',
  origin: shape.gatewayUrl,
  paths: taskIds.map((id) => `${ORDERS_PATH}/${id}`),
  headers: { authorization: `Bearer ${token}` },
});

const memory = (shape: RunningGateway) =>
  Object.fromEntries(Object.entries(shape.pids()).map(([name, pid]) => [name, Math.round(residentMiB(pid))]));

interface Goal {
  name: string;
  met: boolean;
}
const report: { goals: Goal[]; figures: Record<string, unknown> } = { goals: [], figures: {} };
const goal = (name: string, met: boolean) => report.goals.push({ name, met });
/**
 * What the machine allows at best: the answers a second could hold if every core the load
 * generator leaves free were spent on the system's CPU per request, over the echo's rate.
 */
const ceilingRatio = (f: LoadFigures, echo: LoadFigures) =>
  (cpus().length - f.loadGeneratorCores) / (f.cpuMsPerRequest / 1000) / echo.requestsPerSecond;
const describe = (name: string, f: LoadFigures, echo?: LoadFigures) =>
  console.log(
    `  ${name.padEnd(34)} ${f.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
      (echo ? ` (${(f.requestsPerSecond / echo.requestsPerSecond).toFixed(2)} x echo)` : '') +
      `  p50 ${f.p50Ms.toFixed(1)} ms  p99 ${f.p99Ms.toFixed(1)} ms  CPU ${f.cpuMsPerRequest.toFixed(3)} ms/request` +
      (echo ? ` (CPU-bound ceiling ${ceilingRatio(f, echo).toFixed(2)} x echo)` : ''),
  );

/** Create Order and Get Order in a shape, each against an echo measured just before it. */
async function createAndGet(
  name: 'standalone' | 'distributed',
  start: (dataDir: string) => Promise<RunningGateway>,
  goals: { create: number; get: number; createP99: number; getP99: number },
) {
  console.log(`${name}:`);
  const dir = tempDataDir(`bench-orders-${name}-`);
  const credentials = await prepareBenchAccount(dir.path);
  const shape = await start(dir.path);
  try {
    const token = await tokenFor(shape.gatewayUrl, credentials);
    const taskId = await createOneOrder(shape.gatewayUrl, token);
    const echoForCreate = await measureEcho();
    describe('express JSON echo', echoForCreate);
    const create = await measure(createOrderRequest(shape, token));
    describe('Create Order (unique ids)', create, echoForCreate);
    const echoForGet = await measureEcho();
    describe('express JSON echo', echoForGet);
    const get = await measure(getOrderRequest(shape, token, [taskId]));
    describe('Get Order (one task)', get, echoForGet);
    const resident = memory(shape);
    console.log(`  resident memory (MiB): ${JSON.stringify(resident)}`);
    const createRatio = create.requestsPerSecond / echoForCreate.requestsPerSecond;
    const getRatio = get.requestsPerSecond / echoForGet.requestsPerSecond;
    goal(`${name} Create Order >= ${goals.create} x echo (${createRatio.toFixed(2)})`, createRatio >= goals.create);
    goal(`${name} Create Order p99 <= ${goals.createP99} ms (${create.p99Ms.toFixed(1)})`, create.p99Ms <= goals.createP99);
    goal(`${name} Get Order >= ${goals.get} x echo (${getRatio.toFixed(2)})`, getRatio >= goals.get);
    goal(`${name} Get Order p99 <= ${goals.getP99} ms (${get.p99Ms.toFixed(1)})`, get.p99Ms <= goals.getP99);
    report.figures[name] = { echoForCreate, create, echoForGet, get, residentMiB: resident };
  } finally {
    await shape.stop();
    dir.remove();
  }
}

/** Bytes the files under a directory take on disk. */
function diskBytes(path: string): number {
  return readdirSync(path, { withFileTypes: true }).reduce(
    (sum, entry) => sum + (entry.isDirectory() ? diskBytes(join(path, entry.name)) : statSync(join(path, entry.name)).blocks * 512),
    0,
  );
}

/** Get Order over random stored orders, with 1,000 stored and then `storedOrders`. */
async function stored() {
  console.log(`stored orders (standalone, Get Order of a random one of them):`);
  const dir = tempDataDir('bench-orders-stored-');
  const credentials = await prepareBenchAccount(dir.path, { withFleets: false });
  const results: Record<number, { figures: LoadFigures; bytesPerOrder: number; residentMiB: Record<string, number> }> = {};
  try {
    let shape = await startStandaloneProcess(dir.path);
    const token = await tokenFor(shape.gatewayUrl, credentials);
    const firstId = await createOneOrder(shape.gatewayUrl, token);
    await shape.stop();
    const template = await readStoredTask(dir.path, BENCH_ACCOUNT, firstId);
    let sample = [firstId];
    let count = 1;
    for (const total of [1_000, storedOrders]) {
      const loading = Date.now();
      sample = await bulkLoadOrders(dir.path, template, { count, sample }, total, SAMPLE);
      count = total;
      const bytesPerOrder = diskBytes(join(dir.path, 'order-lifecycle')) / total;
      console.log(
        `  loaded ${total} orders in ${((Date.now() - loading) / 1000).toFixed(0)} s; order-lifecycle store ${bytesPerOrder.toFixed(0)} bytes per order`,
      );
      shape = await startStandaloneProcess(dir.path);
      try {
        const figures = await measure(getOrderRequest(shape, await tokenFor(shape.gatewayUrl, credentials), sample));
        describe(`Get Order, ${total} stored`, figures);
        results[total] = { figures, bytesPerOrder, residentMiB: memory(shape) };
        console.log(`  resident memory (MiB): ${JSON.stringify(results[total]!.residentMiB)}`);
      } finally {
        await shape.stop();
      }
    }
  } finally {
    dir.remove();
  }
  const small = results[1_000]!.figures;
  const large = results[storedOrders]!.figures;
  const p50Ratio = large.p50Ms / small.p50Ms;
  const p99Ratio = large.p99Ms / small.p99Ms;
  goal(`Get Order p50 at ${storedOrders} stored <= 1.2 x at 1000 (${p50Ratio.toFixed(2)})`, p50Ratio <= 1.2);
  goal(`Get Order p99 at ${storedOrders} stored <= 1.2 x at 1000 (${p99Ratio.toFixed(2)})`, p99Ratio <= 1.2);
  report.figures.stored = results;
}

async function main() {
  const wanted = process.argv.slice(2);
  const runs = wanted.length ? wanted : ['standalone', 'distributed', 'stored'];
  console.log(
    `orders benchmark: wrk, 1 thread, ${CONNECTIONS} connections, ${warmupSeconds} s warm-up, ${seconds} s measured; ${cpus().length} x ${cpus()[0]?.model}`,
  );
  if (runs.includes('standalone'))
    await createAndGet('standalone', startStandaloneProcess, { create: 0.5, get: 0.6, createP99: 40, getP99: 25 });
  if (runs.includes('distributed'))
    await createAndGet('distributed', startDistributedShape, { create: 0.4, get: 0.5, createP99: 50, getP99: 50 });
  if (runs.includes('stored')) await stored();
  for (const { name, met } of report.goals) console.log(`${met ? 'met    ' : 'NOT met'}  ${name}`);
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  const file = join(ROOT, 'bench', 'results', `orders-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), machine: `${cpus().length} x ${cpus()[0]?.model}`, ...report }, null, 2)}\n`,
  );
  console.log(`written to ${file}`);
  console.log(report.goals.every((g) => g.met) ? 'goals met' : 'goals NOT met');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
