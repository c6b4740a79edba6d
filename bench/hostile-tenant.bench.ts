/**
 * What a hostile tenant's load does to everyone else (issue 21). Account B's app reads one
 * order at a steady 40 Get Orders/s throughout; its p99 is compared with its idle p99 in
 * the same run while, each alone and then all together:
 * - account A's app sends a fixed 1,000 calls/s with its valid token (most over its quota);
 * - strangers send a fixed 200 wrong secrets/s for the rightful app's client id, from 20
 *   addresses, one of them the rightful app's own (a platform's shared egress);
 * - strangers try 10 console sign-ins/s with random emails, from 10 addresses.
 * Meanwhile the rightful app asks for a token every 2 s, and a real user signs in every
 * second. Goals: B's p99 <= 3x idle under each; the user's sign-in <= 2x its idle time
 * during the sign-in flood; every one of the rightful app's token requests answered 200.
 * BENCH_SECONDS a phase (default 8), BENCH_RUNS runs (default 3).
 */
import { createAccountUser, createClientApp } from '@delivery/accounts';
import { systemClock } from '@delivery/clock';
import { tempDataDir } from '@delivery/testing';
import { aShipRequest } from '../apps/gateway/e2e/support/ship-request.fixture';
import { startStandalone } from '../apps/standalone/src/start';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const ORDERS = '/partner-integrations-service/v1/integrations/partner/orders';
const SHARED_EGRESS = '198.51.100.7';
const PASSWORD = 'correct horse battery staple';
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const median = (values: number[]) => percentile(values, 50);

interface Tally {
  latencies: number[];
  statuses: Map<number, number>;
}

/** Sends `perSecond` requests a second for `ms`, on a schedule, never waiting for answers (open loop). */
async function openLoop(perSecond: number, ms: number, send: (n: number) => Promise<Response>): Promise<Tally> {
  const tally: Tally = { latencies: [], statuses: new Map() };
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  let sent = 0;
  while (performance.now() - started < ms) {
    const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
    for (; sent < due; sent += 1) {
      const at = performance.now();
      inFlight.push(
        send(sent).then(
          async (response) => {
            await response.arrayBuffer();
            tally.latencies.push(performance.now() - at);
            tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
          },
          () => void tally.statuses.set(0, (tally.statuses.get(0) ?? 0) + 1),
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(inFlight);
  return tally;
}

const described = (tally: Tally) =>
  [...tally.statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');

async function main() {
  const dir = tempDataDir('bench-hostile-');
  const running = await startStandalone({
    dataDir: dir.path,
    host: '127.0.0.1',
    port: 0,
    demo: null,
    // As behind a load balancer: each caller's address comes in X-Forwarded-For.
    trustProxyHops: 1,
    logger: { error: () => undefined },
  });
  const { accounts } = running;
  const url = running.gatewayUrl;
  const clock = systemClock;
  for (const id of ['acc-a', 'acc-b']) {
    await accounts.createAccount({ id, name: id, createdAt: clock.now().toISOString() });
    await accounts.putServicePlan({
      accountId: id,
      carrierCode: 'OWNFLEET',
      serviceLevel: 'EXPRESS',
      carrierName: 'Own',
      currency: 'USD',
      baseCharge: 5,
      perKgCharge: 1,
    });
  }
  const appA = await createClientApp({ accountId: 'acc-a', name: 'flooding oms' }, { accounts, clock });
  const appB = await createClientApp({ accountId: 'acc-b', name: 'steady oms' }, { accounts, clock });
  const rightful = await createClientApp({ accountId: 'acc-b', name: 'rightful oms' }, { accounts, clock });
  const user = await createAccountUser(
    { accountId: 'acc-b', email: 'ops@retailer-b.example', name: 'Ops', role: 'owner', password: PASSWORD },
    { accounts, clock },
  );

  const tokenRequest = (clientId: string, secret: string, address: string) =>
    fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
    });
  const tokenOf = async (app: typeof appA, address: string) =>
    ((await (await tokenRequest(app.app.clientId, app.clientSecret, address)).json()) as { access_token: string }).access_token;
  const [tokenA, tokenB] = [await tokenOf(appA, '192.0.2.10'), await tokenOf(appB, '192.0.2.20')];
  const created = await fetch(`${url}${ORDERS}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokenB}`, 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.20' },
    body: JSON.stringify(aShipRequest()),
  });
  const taskId = ((await created.json()) as { completedShipments: { task_id: string }[] }).completedShipments[0]!.task_id;
  const getOrder = (token: string, address: string) => () =>
    fetch(`${url}${ORDERS}/${taskId}`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address } });
  const signIn = (email: string, password: string, address: string) =>
    fetch(`${url}/console/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
    });

  const floods = {
    'valid-token calls, 1,000/s': () => openLoop(1_000, seconds * 1000, getOrder(tokenA, '192.0.2.10')),
    'wrong secrets, 200/s': () =>
      openLoop(200, seconds * 1000, (n) =>
        tokenRequest(
          rightful.app.clientId,
          `wrong-${n}-${rightful.clientSecret.slice(8)}`,
          n % 20 === 0 ? SHARED_EGRESS : `203.0.113.${n % 20}`,
        ),
      ),
    'sign-ins with random emails, 10/s': () =>
      openLoop(10, seconds * 1000, (n) => signIn(`guess-${n}-${Math.random()}@nowhere.example`, 'password guess', `203.0.114.${n % 10}`)),
  };

  /** One phase: B's steady reads, the rightful app's tokens, the user's sign-ins, and the given floods. */
  async function phase(names: (keyof typeof floods)[]) {
    const [reads, tokens, signIns, ...flooded] = await Promise.all([
      openLoop(40, seconds * 1000, getOrder(tokenB, '192.0.2.20')),
      openLoop(0.5, seconds * 1000, () => tokenRequest(rightful.app.clientId, rightful.clientSecret, SHARED_EGRESS)),
      openLoop(1, seconds * 1000, () => signIn(user.email, PASSWORD, '192.0.2.30')),
      ...names.map((name) => floods[name]()),
    ]);
    return { reads, tokens, signIns, flooded: names.map((name, i) => `${name} (${described(flooded[i]!)})`) };
  }

  await phase([]); // warm-up
  let allMet = true;
  for (let run = 1; run <= runs; run += 1) {
    const idle = await phase([]);
    const idleP99 = percentile(idle.reads.latencies, 99);
    const idleSignIn = median(idle.signIns.latencies);
    console.log(`run ${run}: idle B Get Order p99 ${idleP99.toFixed(1)} ms, user sign-in median ${idleSignIn.toFixed(0)} ms`);
    const scenarios: (keyof typeof floods)[][] = [
      ...Object.keys(floods).map((name) => [name as keyof typeof floods]),
      Object.keys(floods) as (keyof typeof floods)[],
    ];
    for (const names of scenarios) {
      const result = await phase(names);
      const ratio = percentile(result.reads.latencies, 99) / idleP99;
      const signInRatio = median(result.signIns.latencies) / idleSignIn;
      const tokensOk = result.tokens.statuses.get(200) === result.tokens.latencies.length && result.tokens.latencies.length > 0;
      const signInsOk = result.signIns.statuses.get(200) === result.signIns.latencies.length;
      const signInGoal = names.includes('sign-ins with random emails, 10/s') ? signInRatio <= 2 : true;
      const met = ratio <= 3 && tokensOk && signInsOk && signInGoal;
      allMet &&= met;
      console.log(`  under ${names.length === 1 ? names[0] : 'all three together'}: ${result.flooded.join('; ')}`);
      console.log(
        `    B p99 ${ratio.toFixed(2)}x idle (goal <= 3x); user sign-in ${signInRatio.toFixed(2)}x idle${names.includes('sign-ins with random emails, 10/s') ? ' (goal <= 2x)' : ''}, ${described(result.signIns)}; rightful app's tokens ${described(result.tokens)} (goal: all 200)${met ? '' : '  <- goal missed'}`,
      );
    }
  }
  await running.stop();
  dir.remove();
  console.log(allMet ? 'goals met' : 'goals NOT met');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
