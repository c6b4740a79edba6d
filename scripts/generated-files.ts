import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..');

/**
 * A generator's output, each file (relative to the repository) with its text, or null for one
 * to remove: written where it differs, or, with `--check`, the stale ones named and exit 1, the
 * message saying which `npm run` command writes them.
 */
export function writeGenerated(files: Record<string, string | null>, command: string): void {
  const stale = Object.entries(files).filter(([file, text]) => {
    try {
      return readFileSync(join(ROOT, file), 'utf8') !== text;
    } catch {
      return text !== null;
    }
  });
  if (process.argv.includes('--check')) {
    if (stale.length === 0) return;
    console.error(`out of date: ${stale.map(([file]) => file).join(', ')}; run npm run ${command}`);
    process.exit(1);
  }
  for (const [file, text] of stale) {
    if (text === null) rmSync(join(ROOT, file));
    else {
      mkdirSync(dirname(join(ROOT, file)), { recursive: true });
      writeFileSync(join(ROOT, file), text);
    }
  }
}
