/**
 * Runs after the test suites: fails when an integration suite was skipped (only the
 * MongoDB suites may skip, and only while MONGO_URL is unset), or when an integration
 * suite left no entry at all (it never started). Then prints the run's closing line.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LEDGER_PATH, type LedgerEntry } from '../../libs/testing/src/integration-ledger';

const suiteFiles = ['apps', 'libs', 'e2e'].flatMap((root) =>
  (readdirSync(root, { recursive: true }) as string[]).filter((name) => name.endsWith('.int-spec.ts')).map((name) => join(root, name)),
);
const entries: LedgerEntry[] = existsSync(LEDGER_PATH)
  ? readFileSync(LEDGER_PATH, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LedgerEntry)
  : [];

const problems: string[] = [];
const suites = new Map(entries.map((entry) => [entry.suite, entry]));
for (const entry of suites.values()) {
  if (entry.ran) continue;
  if (entry.skipAllowed && !process.env.MONGO_URL) continue;
  problems.push(`integration suite "${entry.suite}" was skipped: ${entry.reason}`);
}
if (suites.size < suiteFiles.length) {
  problems.push(`${suiteFiles.length} integration suite files, but only ${suites.size} reported (${[...suites.keys()].join(', ')})`);
}

for (const entry of suites.values())
  console.log(`${entry.ran ? 'ran    ' : 'skipped'}  ${entry.suite}${entry.ran ? '' : ` (${entry.reason})`}`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`integration ledger: ${suites.size} suites accounted for`);

// The closing line CI reads: Jest's own summary is not one it knows.
const RESULTS = join(__dirname, '..', '..', 'tmp', 'jest-results.json');
if (existsSync(RESULTS)) {
  const results = JSON.parse(readFileSync(RESULTS, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number };
  console.log(`tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped`);
}
