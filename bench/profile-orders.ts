/**
 * Where the standalone's CPU goes under Create Order or Get Order load: runs `npm start`'s
 * process with `--cpu-prof`, drives one call with wrk (1 thread, 50 connections) for
 * BENCH_SECONDS (10), stops it, and prints the top costs by function and by file or package.
 * `npm run bench:profile -- create|get|refused` (refused: Get Orders over the app's quota); the
 * .cpuprofile stays in bench/results/ for a viewer.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tempDataDir } from '@delivery/testing';
import { prepareBenchAccount } from './load/bench-account';
import { summariseProfile } from './load/cpu-profile';
import { createOneOrder, ORDER_BODY, ORDERS_PATH, startStandaloneProcess, tokenFor } from './load/orders-api';
import { ROOT } from './load/processes';
import { runWrk } from './load/wrk';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function main() {
  const call = (['get', 'refused'] as const).find((name) => name === process.argv[2]) ?? 'create';
  const dir = tempDataDir('bench-profile-');
  const profileDir = join(ROOT, 'bench', 'results', `profile-${call}-${Date.now()}`);
  mkdirSync(profileDir, { recursive: true });
  // One call a minute, the order's made below: every call of the run is then refused.
  const credentials = await prepareBenchAccount(dir.path, call === 'refused' ? { perAppPerMinute: 1 } : {});
  const app = await startStandaloneProcess(dir.path, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
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
  // The main thread's profile is the largest; tsx's loader thread writes a small one beside it.
  const profile = readdirSync(profileDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort((a, b) => statSync(join(profileDir, b)).size - statSync(join(profileDir, a)).size)[0];
  if (!profile) throw new Error('no profile written');
  const { idle, byFunction, byFile } = summariseProfile(join(profileDir, profile));
  console.log(`main thread idle ${(idle * 100).toFixed(1)} % of the profile (start-up included)`);
  const print = (title: string, lines: { name: string; share: number }[]) => {
    console.log(title);
    for (const { name, share } of lines) console.log(`  ${(share * 100).toFixed(1).padStart(5)} %  ${name}`);
  };
  print('self time by file or package:', byFile);
  print('self time by function:', byFunction);
  console.log(`profile: ${join(profileDir, profile)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
