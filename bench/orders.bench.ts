/**
 * Create Order and Get Order through the whole stack (issue 15), each next to an express
 * JSON echo of the same body measured just before it in the same run, since absolute
 * figures drift on a shared machine. Load: wrk (Debian's; scripts/ensure-bench-tools.sh),
 * one thread, 50 connections, a warm-up, then the measured run. Shapes:
 *  - standalone: `npm start`'s process (embedded stores, one process);
 *  - distributed: one process per app (gRPC between them, the Kafka-protocol mock broker,
 *    a throw-away redis-server, embedded stores), as `npm run start:distributed`;
 *  - stored: Get Order over random stored orders with 1,000 and then BENCH_STORED_ORDERS
 *    (1,000,000) stored, bulk-loaded through the task repository;
 *  - runtimes: the standalone's CPU per call on the project's Node beside the machine's own.
 * Each shape's calls are measured BENCH_RUNS times, and the standalone's also at a fixed
 * open-loop rate (issue 25's goals: CPU per call over the echo's, p99 at 300 calls/s).
 * `npm run bench:orders -- standalone distributed stored runtimes` (default all four) prints every
 * figure, checks the goals, and writes the report to bench/results/orders-<time>.json.
 * Settings: BENCH_SECONDS (15), BENCH_WARMUP_SECONDS (5), BENCH_RUNS (3), BENCH_STORED_ORDERS (1000000).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, tempDataDir, waitForPort } from '@delivery/testing';
import {
  createOneOrder,
  ORDER_BODY,
  ORDERS_PATH,
  startDistributedProcesses,
  startStandaloneProcess,
  tokenFor,
  type RunningGateway,
} from './load/orders-api';
import { prepareBenchAccount, BENCH_ACCOUNT } from './load/bench-account';
import { bulkLoadOrders, readStoredTask } from './load/bulk-orders';
import { idleTicksPerSecond, residentMiB, ROOT, spawnNode, waitUntilQuiet } from './load/processes';
import { processTicks, TICKS_PER_SECOND } from './load/cpu-time';
import { runWrk, type LoadFigures, type LoadRequest } from './load/wrk';
import { openLoop } from './load/open-loop';
import { cpus } from 'node:os';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const storedOrders = Number(process.env.BENCH_STORED_ORDERS ?? 1_000_000);
const CONNECTIONS = 50;
const SAMPLE = 10_000;
const runsPerShape = Number(process.env.BENCH_RUNS ?? 3);
const OPEN_LOOP_RATE = 300;

let runs = 0;
/** A warm-up run, then the measured one; with `shape`, also the CPU each of its processes spent per request. */
async function measure(request: LoadRequest, shape?: RunningGateway): Promise<LoadFigures & { cpuMsByProcess?: Record<string, number> }> {
  await runWrk(request, { connections: CONNECTIONS, seconds: warmupSeconds, runId: `w${runs++}-${Date.now()}-` });
  const pids = Object.entries(shape?.pids() ?? {});
  const before = pids.map(([, pid]) => processTicks(pid));
  const figures = await runWrk(request, { connections: CONNECTIONS, seconds, runId: `m${runs++}-${Date.now()}-` });
  if (figures.failures > 0) throw new Error(`${figures.failures} of ${figures.requests} requests failed`);
  if (pids.length < 2) return figures;
  const msPerRequest = (i: number) =>
    Math.round((((processTicks(pids[i]![1]) - before[i]!) * 1000) / TICKS_PER_SECOND / figures.requests) * 1000) / 1000;
  const cpuMsByProcess = Object.fromEntries(pids.map(([name], i) => [name, msPerRequest(i)]));
  console.log(`    CPU by process, ms/request (the rest: the broker, redis-server, the kernel): ${JSON.stringify(cpuMsByProcess)}`);
  return { ...figures, cpuMsByProcess };
}

/** A shape under test, with the CPU its processes spend idle (ticks a second). */
interface IdlingShape {
  shape: RunningGateway;
  idlePerSecond: number;
  /** The Node binary the shape runs on, and its echo with it; the project's by default. */
  node?: string;
}

/** `use` given the echo's request, once the shape has finished the work earlier calls left it. */
async function withEcho<T>({ shape, idlePerSecond, node }: IdlingShape, use: (echo: LoadRequest) => Promise<T>): Promise<T> {
  await waitUntilQuiet(Object.values(shape.pids()), idlePerSecond);
  const port = await freePort();
  const echo = spawnNode('bench/load/echo-server.ts', { PORT: String(port) }, [], node);
  try {
    await waitForPort(port, 30_000);
    return await use({
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
const measureEcho = (idling: IdlingShape) => withEcho(idling, measure);

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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const times = (values: number[]) => values.map((v) => `${v.toFixed(2)} x`).join(', ');

interface ShapeGoals {
  /** Issue 15: throughput as a share of the echo's, and p99 under wrk's closed loop. */
  create: number;
  get: number;
  createP99: number;
  getP99: number;
  /** Issue 25: CPU per call as a multiple of the echo's (the median of the runs). */
  createCpu: number;
  getCpu: number;
}

/**
 * Create Order and Get Order in a shape, `runsPerShape` times, each against an echo measured
 * just before it: CPU per call as a multiple of that echo's is what does not depend on how
 * busy the machine is, so its median over the runs is what the goal is checked on.
 */
async function createAndGet(name: 'standalone' | 'distributed', start: (dataDir: string) => Promise<RunningGateway>, goals: ShapeGoals) {
  console.log(`${name}:`);
  const dir = tempDataDir(`bench-orders-${name}-`);
  const credentials = await prepareBenchAccount(dir.path);
  const shape = await start(dir.path);
  try {
    const token = await tokenFor(shape.gatewayUrl, credentials);
    const taskId = await createOneOrder(shape.gatewayUrl, token);
    // Polls, heartbeats and sweeps go on with no call to answer: a share of every figure below.
    const idling = { shape, idlePerSecond: await idleTicksPerSecond(Object.values(shape.pids())) };
    const idleMsPerSecond = (idling.idlePerSecond * 1000) / TICKS_PER_SECOND;
    console.log(`  idle, its processes spend ${idleMsPerSecond.toFixed(0)} ms of CPU a second (polls, heartbeats, sweeps)`);
    const rounds: { echoForCreate: LoadFigures; create: LoadFigures; echoForGet: LoadFigures; get: LoadFigures }[] = [];
    for (let run = 1; run <= runsPerShape; run += 1) {
      console.log(` run ${run} of ${runsPerShape}`);
      const echoForCreate = await measureEcho(idling);
      describe('express JSON echo', echoForCreate);
      const create = await measure(createOrderRequest(shape, token), shape);
      describe('Create Order (unique ids)', create, echoForCreate);
      const echoForGet = await measureEcho(idling);
      describe('express JSON echo', echoForGet);
      const get = await measure(getOrderRequest(shape, token, [taskId]), shape);
      describe('Get Order (one task)', get, echoForGet);
      rounds.push({ echoForCreate, create, echoForGet, get });
    }
    const resident = memory(shape);
    console.log(`  resident memory (MiB): ${JSON.stringify(resident)}`);
    const createCpu = rounds.map((r) => r.create.cpuMsPerRequest / r.echoForCreate.cpuMsPerRequest);
    const getCpu = rounds.map((r) => r.get.cpuMsPerRequest / r.echoForGet.cpuMsPerRequest);
    console.log(`  CPU per call over the echo's: Create Order ${times(createCpu)}; Get Order ${times(getCpu)}`);
    // The idle CPU is counted in each call's figure (CPU over calls answered); how much of it that is.
    const idlePerCall = (f: LoadFigures) => idleMsPerSecond / f.requestsPerSecond;
    console.log(
      `  of which idle CPU, ms per call: Create Order ${median(rounds.map((r) => idlePerCall(r.create))).toFixed(3)}; ` +
        `Get Order ${median(rounds.map((r) => idlePerCall(r.get))).toFixed(3)}`,
    );
    const createRatio = median(rounds.map((r) => r.create.requestsPerSecond / r.echoForCreate.requestsPerSecond));
    const getRatio = median(rounds.map((r) => r.get.requestsPerSecond / r.echoForGet.requestsPerSecond));
    const createP99 = median(rounds.map((r) => r.create.p99Ms));
    const getP99 = median(rounds.map((r) => r.get.p99Ms));
    goal(
      `${name} Create Order CPU <= ${goals.createCpu} x echo (median ${median(createCpu).toFixed(2)})`,
      median(createCpu) <= goals.createCpu,
    );
    goal(`${name} Get Order CPU <= ${goals.getCpu} x echo (median ${median(getCpu).toFixed(2)})`, median(getCpu) <= goals.getCpu);
    goal(`${name} Create Order >= ${goals.create} x echo (median ${createRatio.toFixed(2)})`, createRatio >= goals.create);
    goal(`${name} Create Order p99 <= ${goals.createP99} ms (median ${createP99.toFixed(1)})`, createP99 <= goals.createP99);
    goal(`${name} Get Order >= ${goals.get} x echo (median ${getRatio.toFixed(2)})`, getRatio >= goals.get);
    goal(`${name} Get Order p99 <= ${goals.getP99} ms (median ${getP99.toFixed(1)})`, getP99 <= goals.getP99);
    report.figures[name] = { runs: rounds, createCpuMultiples: createCpu, getCpuMultiples: getCpu, residentMiB: resident, idleMsPerSecond };
    if (name === 'standalone') await openLoopLatency(idling, token, taskId);
  } finally {
    await shape.stop();
    dir.remove();
  }
}

interface OpenLoopFigures {
  p50Ms: number;
  p99Ms: number;
  statuses: Record<number, number>;
}

/**
 * A call at a fixed offered load: OPEN_LOOP_RATE a second sent on a schedule whatever the
 * answers, so a slow answer cannot slow the load down and hide itself as wrk's closed loop
 * lets it. A warm-up at the same rate, then the measured run.
 */
async function openLoopFigures(request: LoadRequest): Promise<OpenLoopFigures> {
  const send = (prefix: string) => (n: number) =>
    fetch(`${request.origin}${request.paths[0]}`, {
      method: request.method,
      headers: request.headers,
      body: request.body?.replaceAll('__N__', `${prefix}${n}`),
    });
  await openLoop(OPEN_LOOP_RATE, warmupSeconds * 1000, send(`ow${Date.now()}-`));
  const tally = await openLoop(OPEN_LOOP_RATE, seconds * 1000, send(`om${Date.now()}-`));
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Infinity;
  return { p50Ms: at(0.5), p99Ms: at(0.99), statuses: tally.statuses };
}

/**
 * Issue 25's latency goals on the standalone, at 300 calls a second, next to the echo's at
 * the same rate, measured the same way: the load generator shares the machine, and the
 * echo's p99 is the floor it leaves.
 */
async function openLoopLatency(idling: IdlingShape, token: string, taskId: string) {
  const { shape } = idling;
  const calls = [
    ['express JSON echo', null],
    ['Create Order', 20],
    ['Get Order', 10],
  ] as const;
  const figures: Record<string, OpenLoopFigures> = {};
  for (const [call, p99Goal] of calls) {
    const f =
      call === 'express JSON echo'
        ? await withEcho(idling, openLoopFigures)
        : await openLoopFigures(call === 'Create Order' ? createOrderRequest(shape, token) : getOrderRequest(shape, token, [taskId]));
    const statuses = Object.entries(f.statuses).map(([status, n]) => `${status}: ${n}`);
    console.log(
      `  ${`${call}, ${OPEN_LOOP_RATE}/s open loop`.padEnd(34)} p50 ${f.p50Ms.toFixed(1)} ms  p99 ${f.p99Ms.toFixed(1)} ms  (${statuses.join(', ')})`,
    );
    const failed = Object.keys(f.statuses).some((status) => Number(status) < 200 || Number(status) >= 300);
    if (p99Goal !== null)
      goal(
        `standalone ${call} p99 at ${OPEN_LOOP_RATE}/s open loop <= ${p99Goal} ms (${f.p99Ms.toFixed(1)})`,
        f.p99Ms <= p99Goal && !failed,
      );
    figures[call] = f;
  }
  report.figures.openLoop = figures;
}

/** The first `node` on PATH that is not the project's (the machine's own), or BENCH_OTHER_NODE. */
function otherNode(): { path: string; version: string } | undefined {
  const candidates = process.env.BENCH_OTHER_NODE
    ? [process.env.BENCH_OTHER_NODE]
    : (process.env.PATH ?? '').split(':').map((dir) => join(dir, 'node'));
  for (const path of candidates) {
    const run = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    const version = run.status === 0 ? run.stdout.trim() : '';
    if (version && version !== process.versions.node) return { path, version };
  }
  return undefined;
}

/**
 * Issue 33: the standalone's CPU per call on the project's Node beside the machine's own
 * (Node 20 on ours), measured in the same run, each runtime's echo on that runtime.
 */
async function runtimes() {
  const other = otherNode();
  if (!other) return console.log('runtimes: no other Node on PATH (BENCH_OTHER_NODE names one); skipped');
  console.log('runtimes (standalone, CPU per call on each Node):');
  const rows: Record<string, { echoMs: number; createMs: number; getMs: number }[]> = {};
  for (let run = 1; run <= runsPerShape; run += 1) {
    for (const { path, version } of [{ path: process.execPath, version: process.versions.node }, other]) {
      const dir = tempDataDir('bench-orders-runtime-');
      const credentials = await prepareBenchAccount(dir.path);
      const shape = await startStandaloneProcess(dir.path, [], path);
      try {
        const token = await tokenFor(shape.gatewayUrl, credentials);
        const taskId = await createOneOrder(shape.gatewayUrl, token);
        const idling = { shape, idlePerSecond: await idleTicksPerSecond(Object.values(shape.pids()), 3), node: path };
        const echo = await measureEcho(idling);
        const create = await measure(createOrderRequest(shape, token));
        const get = await measure(getOrderRequest(shape, token, [taskId]));
        const row = { echoMs: echo.cpuMsPerRequest, createMs: create.cpuMsPerRequest, getMs: get.cpuMsPerRequest };
        (rows[`Node ${version}`] ??= []).push(row);
        console.log(
          `  run ${run}, Node ${version.padEnd(8)} echo ${row.echoMs.toFixed(3)} ms  Create Order ${row.createMs.toFixed(3)} ms ` +
            `(${(row.createMs / row.echoMs).toFixed(2)} x)  Get Order ${row.getMs.toFixed(3)} ms (${(row.getMs / row.echoMs).toFixed(2)} x)`,
        );
      } finally {
        await shape.stop();
        dir.remove();
      }
    }
  }
  for (const [runtime, measured] of Object.entries(rows))
    console.log(
      `  ${runtime.padEnd(14)} median CPU per call: echo ${median(measured.map((r) => r.echoMs)).toFixed(3)} ms, ` +
        `Create Order ${median(measured.map((r) => r.createMs)).toFixed(3)} ms, Get Order ${median(measured.map((r) => r.getMs)).toFixed(3)} ms`,
    );
  report.figures.runtimes = rows;
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
  const runs = wanted.length ? wanted : ['standalone', 'distributed', 'stored', 'runtimes'];
  console.log(
    `orders benchmark: wrk, 1 thread, ${CONNECTIONS} connections, ${warmupSeconds} s warm-up, ${seconds} s measured; ${cpus().length} x ${cpus()[0]?.model}`,
  );
  if (runs.includes('standalone'))
    await createAndGet('standalone', startStandaloneProcess, { create: 0.5, get: 0.6, createP99: 40, getP99: 25, createCpu: 3, getCpu: 2 });
  if (runs.includes('distributed'))
    await createAndGet('distributed', startDistributedProcesses, {
      create: 0.4,
      get: 0.5,
      createP99: 50,
      getP99: 50,
      createCpu: 5,
      getCpu: 4,
    });
  if (runs.includes('stored')) await stored();
  if (runs.includes('runtimes')) await runtimes();
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
