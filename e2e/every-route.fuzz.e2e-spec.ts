import { buildConsolePage } from './support/console-build';
import { FUZZ_RATE_LIMITS, fuzzedOperationCount, fuzzEveryRoute, prepareFuzzCallers } from './support/route-fuzz';
import { startHarness, V1_ORDERS, type Harness } from './support/standalone-harness';

/**
 * Every route of every surface (integration API, legacy notes path, fleet API, console API,
 * admin API, token endpoint, tracking page) driven with generated requests: arbitrary JSON,
 * bodies nested 10,000 deep, 1 MB strings, invalid UTF-8, undecodable percent-encoding in
 * paths. None may answer 5xx, and every error is in its surface's envelope and documented.
 * `npm run fuzz` sends 100,000 of them.
 */
// The console's page is one of the routes: without its build it answers 503.
beforeAll(buildConsolePage);

describe('every route, fuzzed', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ rateLimits: FUZZ_RATE_LIMITS });
  });
  afterAll(() => harness.stop());

  it('answers 2,000 generated requests with no 5xx, each error in its envelope', async () => {
    const counts = await fuzzEveryRoute(harness.url, await prepareFuzzCallers(harness), { total: 2_000, seed: 21 });
    expect(counts.findings.slice(0, 5)).toEqual([]);
    expect(counts.requests).toBe(2_000);
    // Witness that the requests reached the routes: some were answered, not all refused alike.
    expect(counts.byStatusClass['4xx']).toBeGreaterThan(0);
    expect(counts.byStatusClass['2xx']).toBeGreaterThan(0);
    expect(Object.keys(counts.bySurface).length).toBeGreaterThanOrEqual(6);
    expect(fuzzedOperationCount()).toBeGreaterThan(40);
  }, 120_000);
});

describe('every route, fuzzed by callers over their quota', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ rateLimits: { ...FUZZ_RATE_LIMITS, perAppPerMinute: 1 } });
  });
  afterAll(() => harness.stop());

  it("answers a remembered refusal before routing, in each route's own envelope", async () => {
    const callers = await prepareFuzzCallers(harness);
    const spend = (path: string, token: string) => fetch(`${harness.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    // Each app's one call a minute, then its first refusal, which is remembered.
    for (const [path, token] of [
      [`${V1_ORDERS}/none`, callers.integrationToken],
      ['/fleet/v1/tasks', callers.fleetToken],
    ] as const) {
      expect((await spend(path, token)).status).not.toBe(429);
      expect((await spend(path, token)).status).toBe(429);
    }
    const counts = await fuzzEveryRoute(harness.url, callers, { total: 400, seed: 7 });
    expect(counts.findings.slice(0, 5)).toEqual([]);
    // Witness: the refusals were met on the integration and fleet routes, the rest answered as usual.
    expect(counts.byStatus[429]).toBeGreaterThan(100);
    expect(counts.byStatusClass['2xx']).toBeGreaterThan(0);
  }, 120_000);
});
