/**
 * What a tenant's configuration at every cap costs its own calls (issue 34): Get Quotes and
 * Create Order for an account whose fleets hold all the map areas it may (MAX_FLEETS_PER_ACCOUNT
 * fleets, each MAX_AREAS_PER_FLEET areas, MAX_ACCOUNT_AREA_POSITIONS positions between them,
 * every area's bounding box around the drop-off so none is skipped, and the drop-off inside
 * only each fleet's last area), against the same fleets with no areas at all, in the same run.
 * Goal: each call's median and p99 at the caps <= 2 x without areas, as the median over the
 * runs (one run's p99 can catch a collection).
 * Runs the whole system in this process (embedded adapters, real HTTP and gRPC).
 * Settings: BENCH_REQUESTS per round (300), BENCH_RUNS rounds (3), BENCH_CONCURRENCY (4).
 */
import { addFleet, createClientApp, DEFAULT_RATE_CARD, MAX_FLEETS_PER_ACCOUNT } from '@delivery/accounts';
import type { AccountRepository } from '@delivery/accounts/store';
import { systemClock } from '@delivery/clock';
import { MAX_ACCOUNT_AREA_POSITIONS, MAX_AREAS_PER_FLEET, type AreaGeometry } from '@delivery/contracts';
import { STRICT_OUTBOUND_POLICY } from '@delivery/outbound';
import { tempDataDir } from '@delivery/testing';
import { startStandalone } from '../apps/standalone/src/start';
import { aShipRequest } from '../e2e/support/ship-request.fixture';

const requests = Number(process.env.BENCH_REQUESTS ?? 300);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const V1 = '/partner-integrations-service/v1/integrations/partner';
const V2 = '/partner-integrations-service/v2/integrations/partner';
const DROP_OFF = { lat: 39.7817, lng: -89.6501 };
const CARRIER = 'MAPPED';
const LEVEL = 'EXPRESS';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** A regular polygon of `corners` corners around a centre, closed. */
function round(corners: number[], lng: number, lat: number, radius: number): number[][] {
  const [n] = corners as [number];
  const ring = Array.from({ length: n - 1 }, (_, i) => [
    lng + radius * Math.cos((2 * Math.PI * i) / (n - 1)),
    lat + radius * Math.sin((2 * Math.PI * i) / (n - 1)),
  ]);
  return [...ring, ring[0]!];
}

/**
 * A fleet's areas at the caps: each one's box holds the drop-off, the polygon itself (set
 * off by 0.9 of its radius) does not, except the last one, centred on it.
 */
function areasAtCaps(): AreaGeometry[] {
  const positions = Math.floor(MAX_ACCOUNT_AREA_POSITIONS / MAX_FLEETS_PER_ACCOUNT / MAX_AREAS_PER_FLEET);
  return Array.from({ length: MAX_AREAS_PER_FLEET }, (_, i): AreaGeometry => {
    const last = i === MAX_AREAS_PER_FLEET - 1;
    const turn = (2 * Math.PI * i) / MAX_AREAS_PER_FLEET;
    const [lng, lat] = last ? [DROP_OFF.lng, DROP_OFF.lat] : [DROP_OFF.lng + 0.09 * Math.cos(turn), DROP_OFF.lat + 0.09 * Math.sin(turn)];
    return { type: 'Polygon', coordinates: [round([positions], lng, lat, 0.1)] };
  });
}

async function prepareAccount(accounts: AccountRepository, accountId: string, areas: AreaGeometry[] | null) {
  const clock = systemClock;
  await accounts.createAccount({ id: accountId, name: accountId, createdAt: clock.now().toISOString() });
  await accounts.setRateLimits(accountId, { perAppPerMinute: 1e9, perAccountPerMinute: 1e9 });
  await accounts.putServicePlan({
    accountId,
    carrierCode: CARRIER,
    serviceLevel: LEVEL,
    carrierName: 'Mapped',
    currency: 'USD',
    baseCharge: 5,
    perKgCharge: 0,
  });
  const deps = { accounts, clock, urlPolicy: STRICT_OUTBOUND_POLICY };
  for (let id = 1; id <= MAX_FLEETS_PER_ACCOUNT; id++) {
    const settings = {
      accountId,
      id,
      name: `Fleet ${id}`,
      fleetType: 0,
      carrierCodes: [CARRIER],
      serviceLevels: [],
      serviceArea: areas && { postalCodes: [], areas },
      // Every hour open and windows no run fills.
      connector: { ...DEFAULT_RATE_CARD, currency: 'USD', capacityPerWindow: 1_000_000, workingHours: { startHour: 0, endHour: 24 } },
    };
    // Saved as the console saves them: a configuration over any cap would be refused here.
    await addFleet(settings, {}, deps);
  }
  const { app, clientSecret } = await createClientApp({ accountId, name: 'bench' }, { accounts, clock });
  return { clientId: app.clientId, clientSecret };
}

async function main() {
  const dir = tempDataDir('bench-bounded-');
  const running = await startStandalone({ dataDir: dir.path, host: '127.0.0.1', port: 0, demo: null, logger: { error: () => undefined } });
  const accountsUsed = {
    'no areas': await prepareAccount(running.accounts, 'plain', null),
    'at every cap': await prepareAccount(running.accounts, 'capped', areasAtCaps()),
  };
  const tokens: Record<string, string> = {};
  for (const [name, { clientId, clientSecret }] of Object.entries(accountsUsed)) {
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    tokens[name] = (
      (await (await fetch(`${running.gatewayUrl}/oauth/token`, { method: 'POST', body: form })).json()) as { access_token: string }
    ).access_token;
  }
  const body = (quote: boolean) => {
    const request = aShipRequest({ carrierCode: quote ? null : CARRIER, serviceLevel: LEVEL });
    Object.assign(request.shipRequest.shipment.recipient.address, { Latitude: DROP_OFF.lat, Longitude: DROP_OFF.lng });
    const now = systemClock.now().getTime();
    request.shipRequest.shipment.shipDate = new Date(now).toISOString();
    request.shipRequest.shipment.deliveryDate = new Date(now + 2 * 86_400_000).toISOString();
    return JSON.stringify(request);
  };
  const calls = {
    'Get Quotes': {
      path: `${V2}/quotes`,
      body: () => body(true),
      ok: (answer: { quotes?: { fleet: { id: number } }[] }) =>
        new Set((answer.quotes ?? []).map((q) => q.fleet.id)).size === MAX_FLEETS_PER_ACCOUNT,
    },
    'Create Order': {
      path: `${V1}/orders`,
      body: () => body(false),
      ok: (answer: { completedShipments?: { status: string }[] }) => answer.completedShipments?.[0]?.status === 'dispatched',
    },
  };

  const measure = async (call: (typeof calls)[keyof typeof calls], token: string) => {
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < requests) {
          const payload = call.body();
          const started = performance.now();
          const response = await fetch(`${running.gatewayUrl}${call.path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: payload,
          });
          const answer = (await response.json()) as never;
          latencies.push(performance.now() - started);
          if (!call.ok(answer)) throw new Error(`unexpected answer: ${JSON.stringify(answer).slice(0, 300)}`);
        }
      }),
    );
    return latencies.sort((a, b) => a - b);
  };

  console.log(
    `${MAX_FLEETS_PER_ACCOUNT} fleets; at every cap: ${MAX_AREAS_PER_FLEET} areas a fleet, ${MAX_ACCOUNT_AREA_POSITIONS} positions in all, the drop-off in every box; ${requests} calls a round, ${concurrency} at once`,
  );
  let allMet = true;
  for (const [name, call] of Object.entries(calls)) {
    for (const token of Object.values(tokens)) await measure(call, token); // warm-up
    const ratios: { p50: number[]; p99: number[] } = { p50: [], p99: [] };
    for (let run = 1; run <= runs; run++) {
      const plain = await measure(call, tokens['no areas']!);
      const capped = await measure(call, tokens['at every cap']!);
      ratios.p50.push(percentile(capped, 50) / percentile(plain, 50));
      ratios.p99.push(percentile(capped, 99) / percentile(plain, 99));
      console.log(
        `  ${name.padEnd(12)} run ${run}: no areas p50 ${percentile(plain, 50).toFixed(2)} ms p99 ${percentile(plain, 99).toFixed(2)} ms; at every cap p50 ${percentile(capped, 50).toFixed(2)} ms p99 ${percentile(capped, 99).toFixed(2)} ms; ratio p50 ${ratios.p50.at(-1)!.toFixed(2)}x, p99 ${ratios.p99.at(-1)!.toFixed(2)}x`,
      );
    }
    const [p50, p99] = [median(ratios.p50), median(ratios.p99)];
    const met = p50 <= 2 && p99 <= 2;
    allMet &&= met;
    console.log(
      `  ${name.padEnd(12)} over ${runs} runs: p50 ${p50.toFixed(2)}x, p99 ${p99.toFixed(2)}x (goal <= 2x)${met ? '' : '  <- goal missed'}`,
    );
  }
  await running.stop();
  dir.remove();
  console.log(allMet ? 'goals met' : 'goals NOT met');
  if (!allMet) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
