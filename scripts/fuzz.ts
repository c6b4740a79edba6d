/**
 * `npm run fuzz`: the route fuzzer of the e2e suite, longer. Starts the standalone on a
 * throw-away directory, sends FUZZ_REQUESTS (100,000 by default) generated requests to
 * every route, prints the counts, and fails on any 5xx or answer outside its envelope.
 */
import { FUZZ_RATE_LIMITS, fuzzEveryRoute, prepareFuzzCallers } from '../e2e/support/route-fuzz';
import { startHarness } from '../e2e/support/standalone-harness';

async function main(): Promise<number> {
  const total = Number(process.env.FUZZ_REQUESTS ?? 100_000);
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
  const harness = await startHarness({ rateLimits: FUZZ_RATE_LIMITS });
  try {
    const started = performance.now();
    const counts = await fuzzEveryRoute(harness.url, await prepareFuzzCallers(harness), { total, seed });
    const seconds = (performance.now() - started) / 1000;
    console.log(`fuzzed ${counts.requests} requests in ${seconds.toFixed(1)} s (seed ${seed})`);
    console.log('by status class:', JSON.stringify(counts.byStatusClass));
    console.log('by surface:     ', JSON.stringify(counts.bySurface));
    console.log(`findings: ${counts.findings.length}`);
    for (const finding of counts.findings.slice(0, 20))
      console.log(`  ${finding.status} ${finding.method} ${finding.path}: ${finding.problem}`);
    return counts.findings.length === 0 ? 0 : 1;
  } finally {
    await harness.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
