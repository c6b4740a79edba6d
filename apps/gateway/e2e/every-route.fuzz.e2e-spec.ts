import { FUZZ_RATE_LIMITS, fuzzedOperationCount, fuzzEveryRoute, prepareFuzzCallers } from './support/route-fuzz';
import { startHarness, type Harness } from './support/standalone-harness';

/**
 * Every route of every surface (integration API, legacy notes path, fleet API, console API,
 * admin API, token endpoint, tracking page) driven with generated requests: arbitrary JSON,
 * bodies nested 10,000 deep, 1 MB strings, invalid UTF-8, undecodable percent-encoding in
 * paths. None may answer 5xx, and every error is in its surface's envelope and documented.
 * `npm run fuzz` sends 100,000 of them.
 */
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
