import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Release } from './last-release';

/** A lockfile's packages, the project's own version left out (a release changes only that). */
function dependenciesOf(lockfile: string): string {
  const lock = JSON.parse(readFileSync(lockfile, 'utf8')) as { packages: Record<string, { version?: string }> };
  return JSON.stringify({ ...lock.packages, '': { ...lock.packages[''], version: undefined } });
}

/** Where a release's sources are kept ready to run, by commit. */
const checkoutDir = (root: string, release: Release) => join(root, 'tmp', 'releases', release.commit);

/**
 * What a ready checkout was made with: this checkout's node_modules (linked, while the two
 * lockfiles list the same packages) or its own install. A checkout made otherwise is made again.
 */
function expectedMaking(root: string, dir: string): string {
  const ours = dependenciesOf(join(root, 'package-lock.json'));
  return dependenciesOf(join(dir, 'package-lock.json')) === ours
    ? `linked ${createHash('sha256').update(ours).digest('hex')}`
    : 'installed';
}

/**
 * A release's sources, ready to run with tsx as this checkout's are: its tree from git (the
 * commit, not a tag, so a clone without tags has it), with this checkout's node_modules when
 * its lockfile lists the same packages, else its own `npm install`. Made once and kept under
 * `tmp/releases/<commit>` (`npm test`'s first step), so no test waits on an install.
 */
export function prepareReleaseCheckout(root: string, release: Release): string {
  const dir = checkoutDir(root, release);
  const ready = join(dir, '.ready');
  if (existsSync(ready) && readFileSync(ready, 'utf8') === expectedMaking(root, dir)) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('tar', ['-x', '-C', dir], { input: execFileSync('git', ['archive', release.commit], { cwd: root, maxBuffer: 1 << 30 }) });
    const making = expectedMaking(root, dir);
    if (making.startsWith('linked')) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    else execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore', timeout: 600_000 });
    writeFileSync(ready, making);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/** The checkout `prepareReleaseCheckout` made, for a test; throws naming the step that makes it. */
export function preparedReleaseCheckout(root: string, release: Release): string {
  const dir = checkoutDir(root, release);
  const ready = join(dir, '.ready');
  if (!existsSync(ready) || readFileSync(ready, 'utf8') !== expectedMaking(root, dir)) {
    throw new Error(
      `release v${release.version} is not ready in ${dir}: \`npm test\` makes it first (npx tsx tools/release/prepare-last-release.ts)`,
    );
  }
  return dir;
}
