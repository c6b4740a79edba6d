import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** Builds the console's page into dist/console, where the gateway serves it from: a clean clone has none. */
export function buildConsolePage(): void {
  execFileSync('npm', ['run', '-s', 'console:build'], { cwd: ROOT, stdio: 'ignore' });
}
