import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Integration suites that cannot reach their server say so here instead of passing
 * silently; `tools/ci/check-integration-ledger.ts` fails CI on any entry that is not
 * allowed (only the MongoDB suites, and only while MONGO_URL is unset).
 */
export const LEDGER_PATH = join(__dirname, '..', '..', '..', 'tmp', 'integration-ledger.jsonl');

export interface LedgerEntry {
  suite: string;
  ran: boolean;
  reason?: string;
  /** True only for suites whose server cannot exist on this machine (MongoDB without MONGO_URL). */
  skipAllowed?: boolean;
}

export function recordIntegrationSuite(entry: LedgerEntry): void {
  mkdirSync(dirname(LEDGER_PATH), { recursive: true });
  appendFileSync(LEDGER_PATH, `${JSON.stringify(entry)}\n`);
  if (!entry.ran) console.warn(`integration suite "${entry.suite}" skipped: ${entry.reason}`);
}
