/**
 * Where the standalone's CPU goes under Create Order or Get Order load: runs `npm start`'s
 * process with `--cpu-prof`, drives one call with wrk (1 thread, 50 connections) for
 * BENCH_SECONDS (10), stops it, and prints the top costs by function and by file or package.
 * `npm run bench:profile -- create|get`; the .cpuprofile stays in bench/results/ for a viewer.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, tempDataDir } from '@delivery/testing';
import { aShipRequest } from '../apps/gateway/e2e/support/ship-request.fixture';
import { prepareBenchAccount } from './load/bench-account';
import { summariseProfile } from './load/cpu-profile';
import { ROOT, spawnNode, waitReady } from './load/processes';
import { runWrk } from './load/wrk';

const ORDERS_PATH = '/partner-integrations-service/v1/integrations/partner/orders';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function main() {
  const call = process.argv[2] === 'get' ? 'get' : 'create';
  const dir = tempDataDir('bench-profile-');
  const profileDir = join(ROOT, 'bench', 'results', `profile-${call}-${Date.now()}`);
  mkdirSync(profileDir, { recursive: true });
  const credentials = await prepareBenchAccount(dir.path);
  const [port, opsPort] = [await freePort(), await freePort()];
  const app = spawnNode(
    'apps/standalone/src/main.ts',
    {
      DATA_DIR: dir.path,
      PORT: String(port),
      OPS_PORT: String(opsPort),
      DEMO_ACCOUNT: 'false',
      RATE_LIMIT_APP_PER_MINUTE: '1000000000',
      RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000000000',
    },
    ['--max-semi-space-size=64', '--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  );
  try {
    await waitReady(`http://127.0.0.1:${opsPort}`);
    const origin = `http://127.0.0.1:${port}`;
    const tokenAnswer = await fetch(`${origin}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      }),
    });
    const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const body = JSON.stringify(aShipRequest({ fulfillmentId: 'FUL-__N__', orderId: 'ORD-__N__' }));
    const created = await fetch(`${origin}${ORDERS_PATH}`, { method: 'POST', headers, body: body.replaceAll('__N__', 'first') });
    const taskId = ((await created.json()) as { completedShipments: { task_id: string }[] }).completedShipments[0]!.task_id;
    const request =
      call === 'create'
        ? { method: 'POST' as const, origin, paths: [ORDERS_PATH], headers, body }
        : { method: 'GET' as const, origin, paths: [`${ORDERS_PATH}/${taskId}`], headers };
    const figures = await runWrk(request, { connections: 50, seconds, runId: `p${Date.now()}-` });
    console.log(
      `${call}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${figures.failures} failed`,
    );
  } finally {
    await app.stop();
    dir.remove();
  }
  const profile = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
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
