/**
 * A wrong-secret flood on /oauth/token against everyone else (issue 14): p99 of valid token
 * requests and the throughput of an authenticated route (Get Order), first idle, then while
 * BENCH_FLOOD_CALLERS callers (default 20), each from its own address, send wrong secrets for
 * another app's client id: at a fixed BENCH_FLOOD_RATE a second in all (default 200), then
 * each as fast as it is answered. Every figure is a ratio to this machine's idle in the same run.
 * Goals: token p99 under flood <= 2x idle; Get Order throughput under flood >= 80 % of idle.
 * The gateway runs with its default limits, except the measured app's own token quota, which is
 * raised so its back-to-back token requests (there for the percentile) are never refused.
 */
import { createClientApp } from '@delivery/accounts';
import { systemClock } from '@delivery/clock';
import { tempDataDir } from '@delivery/testing';
import { aShipRequest } from '../e2e/support/ship-request.fixture';
import { startStandalone } from '../apps/standalone/src/start';

const floodCallers = Number(process.env.BENCH_FLOOD_CALLERS ?? 20);
const floodRate = Number(process.env.BENCH_FLOOD_RATE ?? 200);
const seconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 4);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const VICTIM_ADDRESS = '198.51.100.7';

async function main() {
  const dir = tempDataDir('bench-flood-');
  const running = await startStandalone({
    dataDir: dir.path,
    host: '127.0.0.1',
    port: 0,
    demo: { accountId: 'bench', carrierCode: 'OWNFLEET', serviceLevel: 'EXPRESS' },
    // As behind a load balancer: each caller's address comes in X-Forwarded-For.
    trustProxyHops: 1,
    rateLimits: { tokenPerClientPerMinute: 1_000_000 },
    logger: { error: () => undefined },
  });
  const { accounts } = running;
  await accounts.setRateLimits('bench', { perAppPerMinute: 1_000_000, perAccountPerMinute: 1_000_000 });
  const victim = await createClientApp({ accountId: 'bench', name: 'bench' }, { accounts, clock: systemClock });
  const target = await createClientApp({ accountId: 'bench', name: 'attacked' }, { accounts, clock: systemClock });
  const url = running.gatewayUrl;
  const tokenRequest = (clientId: string, secret: string, address: string) =>
    fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
    });
  const validToken = () => tokenRequest(victim.app.clientId, victim.clientSecret, VICTIM_ADDRESS);
  const token = ((await (await validToken()).json()) as { access_token: string }).access_token;
  const created = await fetch(`${url}/partner-integrations-service/v1/integrations/partner/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(aShipRequest()),
  });
  const taskId = ((await created.json()) as { completedShipments: { task_id: string }[] }).completedShipments[0]!.task_id;
  const getOrder = () =>
    fetch(`${url}/partner-integrations-service/v1/integrations/partner/orders/${taskId}`, {
      headers: { authorization: `Bearer ${token}` },
    });

  /** For `seconds`: valid token requests one after another (latencies), and Get Order from 4 callers (count). */
  async function measure(): Promise<{ p99: number; getOrdersPerSecond: number }> {
    const until = Date.now() + seconds * 1000;
    const latencies: number[] = [];
    let getOrders = 0;
    const tokens = (async () => {
      while (Date.now() < until) {
        const start = performance.now();
        await (await validToken()).arrayBuffer();
        latencies.push(performance.now() - start);
      }
    })();
    const readers = Array.from({ length: 4 }, async () => {
      while (Date.now() < until) {
        await (await getOrder()).arrayBuffer();
        getOrders += 1;
      }
    });
    await Promise.all([tokens, ...readers]);
    return {
      p99: percentile(
        latencies.sort((a, b) => a - b),
        99,
      ),
      getOrdersPerSecond: getOrders / seconds,
    };
  }

  /** Measures while the flood runs: on a fixed schedule (`perSecond`), or each caller as fast as answered (null). */
  async function underFlood(perSecond: number | null) {
    let flooding = true;
    const answers = new Map<number, number>();
    const wrongSecret = (caller: number) =>
      tokenRequest(target.app.clientId, `${target.clientSecret.slice(0, -2)}xx`, `203.0.113.${caller + 1}`).then(async (r) => {
        await r.arrayBuffer();
        answers.set(r.status, (answers.get(r.status) ?? 0) + 1);
      });
    const intervalMs = perSecond ? (1000 * floodCallers) / perSecond : 0;
    const flood = Array.from({ length: floodCallers }, async (_, caller) => {
      const sent: Promise<void>[] = [];
      await new Promise((resolve) => setTimeout(resolve, (caller * intervalMs) / floodCallers));
      while (flooding) {
        if (perSecond) {
          sent.push(wrongSecret(caller));
          await new Promise((resolve) => setTimeout(resolve, intervalMs));
        } else await wrongSecret(caller);
      }
      await Promise.all(sent);
    });
    const figures = await measure();
    flooding = false;
    await Promise.all(flood);
    const total = [...answers.values()].reduce((a, b) => a + b, 0);
    const described = [...answers].map(([status, n]) => `${Math.round(n / seconds)}/s ${status}`).join(', ');
    return { ...figures, sent: `${Math.round(total / seconds)} wrong secrets/s (${described})` };
  }

  // Warm-up at the same load, so the idle figures are not a cold start's.
  await measure();
  const idle = await measure();
  let allMet = true;
  for (const [name, perSecond] of [
    ['fixed rate', floodRate],
    ['as fast as answered', null],
  ] as const) {
    const flooded = await underFlood(perSecond);
    const latencyRatio = flooded.p99 / idle.p99;
    const throughputRatio = flooded.getOrdersPerSecond / idle.getOrdersPerSecond;
    allMet &&= latencyRatio <= 2 && throughputRatio >= 0.8;
    console.log(`token flood, ${name}: ${floodCallers} callers sent ${flooded.sent}`);
    console.log(
      `  valid token p99: idle ${idle.p99.toFixed(1)} ms, under flood ${flooded.p99.toFixed(1)} ms: ${latencyRatio.toFixed(2)}x (goal <= 2x)`,
    );
    console.log(
      `  Get Order: idle ${idle.getOrdersPerSecond.toFixed(0)}/s, under flood ${flooded.getOrdersPerSecond.toFixed(0)}/s: ${(throughputRatio * 100).toFixed(0)} % (goal >= 80 %)`,
    );
  }
  await running.stop();
  dir.remove();
  console.log(allMet ? 'goals met' : 'goals NOT met');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
