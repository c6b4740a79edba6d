import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Release } from './last-release';

/** A lockfile's packages, the project's own version left out (a release changes only that). */
function dependenciesOf(lockfile: string): string {
  const lock = JSON.parse(readFileSync(lockfile, 'utf8')) as { packages: Record<string, { version?: string }> };
  return JSON.stringify({ ...lock.packages, '': { ...lock.packages[''], version: undefined } });
}

/**
 * A release's sources, ready to run with tsx as this checkout's are: its tree from git (the
 * commit, not a tag, so a clone without tags has it), with this checkout's node_modules when
 * its lockfile is the same, else its own `npm install`.
 */
export function checkOutRelease(root: string, release: Release): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `release-v${release.version}-`));
  try {
    execFileSync('tar', ['-x', '-C', dir], { input: execFileSync('git', ['archive', release.commit], { cwd: root, maxBuffer: 1 << 30 }) });
    const sameLock = dependenciesOf(join(dir, 'package-lock.json')) === dependenciesOf(join(root, 'package-lock.json'));
    if (sameLock) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    else execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore', timeout: 600_000 });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
