import { FULL_DURATIONS, SHORT_DURATIONS } from './fault-durations';
import { faultTable, runFaultSuite } from './fault-suite';

/**
 * `npm run faults`: the fault suite at the durations (`--short` for the form `npm
 * test` runs), `--runs N` times in a row, `--only <pattern>` for the faults whose names match;
 * prints each run's table, exits 1 unless all pass.
 */
async function main() {
  const args = process.argv.slice(2);
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 1;
  const durations = args.includes('--short') ? SHORT_DURATIONS : FULL_DURATIONS;
  const only = args.includes('--only') ? new RegExp(args[args.indexOf('--only') + 1] ?? '.', 'i') : /./;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs');
  let failed = 0;
  for (let n = 1; n <= runs; n += 1) {
    const started = Date.now();
    const run = await runFaultSuite(durations, (line) => console.error(line), only);
    console.log(`\nfault suite, run ${n} of ${runs}: ${run.ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s\n`);
    console.log(faultTable(run));
    if (!run.ok) failed += 1;
  }
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
