import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

/** The apps that own MongoDB collections, each with an `indexes.ts` entry (the Kubernetes Job runs the same list). */
export const INDEXED_APPS = ['gateway', 'order-lifecycle', 'quote', 'notes', 'webhook-dispatcher', 'notifier'] as const;

const ROOT = resolve(__dirname, '..', '..');

/** `npm run db:indexes`: each app creates its own declared indexes, in turn; the first failure stops the run with its code. */
function main(): number {
  for (const app of INDEXED_APPS) {
    const { status } = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'apps', app, 'src', 'indexes.ts')], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (status !== 0) return status ?? 1;
  }
  return 0;
}

if (require.main === module) process.exit(main());
