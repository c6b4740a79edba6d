/**
 * Where the CPU goes under Create Order or Get Order load: runs the standalone (`npm start`'s
 * process) or, with `distributed`, every app of the distributed shape with `--cpu-prof`,
 * drives one call with wrk (1 thread, 50 connections) for BENCH_SECONDS (10), stops it, and
 * prints each process's top costs by function and by file or package over the load's seconds.
 * `npm run bench:profile -- create|get|refused [distributed]` (refused: Get Orders over the
 * app's quota); the .cpuprofile files stay in bench/results/ for a viewer.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tempDataDir } from '@delivery/testing';
import { prepareBenchAccount } from './load/bench-account';
import { summariseProfile } from './load/cpu-profile';
import {
  createOneOrder,
  ORDER_BODY,
  ORDERS_PATH,
  startDistributedProcesses,
  startStandaloneProcess,
  tokenFor,
  type RunningGateway,
} from './load/orders-api';
import { ROOT } from './load/processes';
import { runWrk } from './load/wrk';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function startProfiled(distributed: boolean, dataDir: string, profileDir: string): Promise<RunningGateway> {
  const profiling = ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  return distributed ? startDistributedProcesses(dataDir, profiling) : startStandaloneProcess(dataDir, profiling);
}

/** Each process's profile: the largest file it wrote (tsx's loader thread writes a small one beside the main thread's). */
function profilesByProcess(profileDir: string, pids: Record<string, number>): [string, string][] {
  const files = readdirSync(profileDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort((a, b) => statSync(join(profileDir, b)).size - statSync(join(profileDir, a)).size);
  return Object.entries(pids).flatMap(([name, pid]) => {
    const file = files.find((f) => f.split('.')[3] === String(pid));
    return file ? [[name, join(profileDir, file)] as [string, string]] : [];
  });
}

async function main() {
  const call = (['get', 'refused'] as const).find((name) => process.argv.includes(name)) ?? 'create';
  const distributed = process.argv.includes('distributed');
  const dir = tempDataDir('bench-profile-');
  const profileDir = join(ROOT, 'bench', 'results', `profile-${call}${distributed ? '-distributed' : ''}-${Date.now()}`);
  mkdirSync(profileDir, { recursive: true });
  // One call a minute, the order's made below: every call of the run is then refused.
  const credentials = await prepareBenchAccount(dir.path, call === 'refused' ? { perAppPerMinute: 1 } : {});
  const app = await startProfiled(distributed, dir.path, profileDir);
  const pids = app.pids();
  try {
    const origin = app.gatewayUrl;
    const token = await tokenFor(origin, credentials);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const taskId = await createOneOrder(origin, token);
    const request =
      call === 'create'
        ? { method: 'POST' as const, origin, paths: [ORDERS_PATH], headers, body: ORDER_BODY }
        : { method: 'GET' as const, origin, paths: [`${ORDERS_PATH}/${taskId}`], headers };
    const figures = await runWrk(request, { connections: 50, seconds, runId: `p${Date.now()}-` });
    console.log(
      `${call}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${figures.failures} failed`,
    );
  } finally {
    await app.stop();
    dir.remove();
  }
  const profiles = profilesByProcess(profileDir, pids);
  if (profiles.length === 0) throw new Error('no profile written');
  const print = (title: string, lines: { name: string; share: number }[]) => {
    console.log(title);
    for (const { name, share } of lines) console.log(`  ${(share * 100).toFixed(1).padStart(5)} %  ${name}`);
  };
  for (const [name, profile] of profiles) {
    // The load's seconds: the last `seconds` before the stop (about a second), less the first half second.
    const { idle, byFunction, byFile } = summariseProfile(profile, { window: { seconds: seconds - 0.5, skipEnd: 1 } });
    console.log(`\n${name}: main thread idle ${(idle * 100).toFixed(1)} % of the load's seconds`);
    print('self time by file or package:', byFile);
    print('self time by function:', byFunction);
    console.log(`profile: ${profile}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
