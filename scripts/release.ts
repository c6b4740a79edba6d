/**
 * Makes a release: `npm run release -- major|minor|patch [--dry-run]` from a clean tree, once the
 * distributed suite passed with each app in turn at the last release (`--skip-mixed-versions`
 * skips that, for the release script's own test).
 * The next version (SemVer, one version for every app; docs/decisions.md, "Versions and
 * compatibility") follows the last release's, or package.json's before the first; the
 * changelog gets a section of the commits since the last release; package.json takes the
 * version; then one commit, `Release vX.Y.Z`, tagged `vX.Y.Z`. Pushing the commit and tag,
 * and building the images from deploy/Dockerfile, are left to the one releasing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lastRelease, nextVersion } from '../tools/release/last-release';

const root = process.cwd();
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

function fail(message: string): never {
  console.error(`release: ${message}`);
  process.exit(1);
}

const bump = process.argv[2];
if (bump !== 'major' && bump !== 'minor' && bump !== 'patch')
  fail('say which part grows: npm run release -- major|minor|patch [--dry-run]');
const dryRun = process.argv.includes('--dry-run');
if (git('status', '--porcelain') !== '') fail('the working tree has changes: commit or stash them first');
for (const check of ['scripts/generate-event-schemas.ts', 'scripts/generate-monitoring.ts', 'scripts/generate-deployments.ts']) {
  try {
    execFileSync(process.execPath, ['--import', 'tsx', join(root, check), '--check'], { cwd: root, stdio: 'pipe' });
  } catch {
    fail(`${check} --check: the generated files are out of date; run it and commit them`);
  }
}

// Every app at the last release beside the others at this commit, not only the two `npm test` runs.
if (!process.argv.includes('--skip-mixed-versions') && !dryRun) {
  console.log('release: every app at the last release beside the others (MIXED_VERSION_APPS=all), about two minutes');
  try {
    execFileSync(process.execPath, ['--import', 'tsx', join(root, 'tools/release/prepare-last-release.ts')], {
      cwd: root,
      stdio: 'inherit',
    });
    execFileSync('npx', ['jest', '--selectProjects', 'all', '--testPathPatterns', 'e2e/distributed.e2e-spec.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TEST_KIND: 'e2e', MIXED_VERSION_APPS: 'all' },
    });
  } catch {
    fail('the distributed suite failed with every app at the last release in turn: not released');
  }
}

const pkgPath = join(root, 'package.json');
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string };
const previous = lastRelease(root);
const version = previous
  ? nextVersion(previous.version, bump)
  : bump === 'major' && pkg.version.startsWith('0.')
    ? '1.0.0'
    : nextVersion(pkg.version, bump);
// The first release is everything so far (the README says what it does); later ones list their commits.
const subjects = previous ? git('log', '--no-merges', '--format=%s', `${previous.commit}..HEAD`).split('\n').filter(Boolean) : [];
const date = new Date().toISOString().slice(0, 10);
const section = `## v${version} (${date})\n\n${previous ? `Since v${previous.version}:\n\n${subjects.map((s) => `- ${s}`).join('\n')}` : 'The first release.'}\n`;
if (dryRun) {
  console.log(section);
  process.exit(0);
}
const changelogPath = join(root, 'CHANGELOG.md');
const changelog = existsSync(changelogPath) ? readFileSync(changelogPath, 'utf8').replace(/^# Changelog\n+/, '') : '';
writeFileSync(changelogPath, `# Changelog\n\n${section}${changelog ? `\n${changelog}` : ''}`);
writeFileSync(pkgPath, `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
// The lockfile names the project's own version twice; npm would rewrite both.
const lockPath = join(root, 'package-lock.json');
if (existsSync(lockPath)) {
  const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { version?: string; packages?: Record<string, { version?: string }> };
  lock.version = version;
  if (lock.packages?.['']) lock.packages[''].version = version;
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}
git('add', 'CHANGELOG.md', 'package.json', ...(existsSync(lockPath) ? ['package-lock.json'] : []));
git('commit', '-q', '-m', `Release v${version}`);
git('tag', '-a', `v${version}`, '-m', `Release v${version}`);
console.log(
  `released v${version}${previous ? ` (${subjects.length} commits since v${previous.version})` : ''}; push it with: git push --follow-tags`,
);
