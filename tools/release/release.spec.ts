import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastRelease } from './last-release';

/** `npm run release`, run in a clone of this repository's HEAD: version, changelog, one commit, its tag. */
describe('the release script', () => {
  const ROOT = join(__dirname, '..', '..');
  let clone: string;
  const author = {
    GIT_AUTHOR_NAME: 'Release Test',
    GIT_AUTHOR_EMAIL: 'release@example.com',
    GIT_COMMITTER_NAME: 'Release Test',
    GIT_COMMITTER_EMAIL: 'release@example.com',
  };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: clone, encoding: 'utf8', env: { ...process.env, ...author } }).trim();
  const release = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/release.ts', ...args], {
      cwd: clone,
      encoding: 'utf8',
      env: { ...process.env, ...author },
    });

  beforeAll(() => {
    clone = mkdtempSync(join(tmpdir(), 'release-'));
    execFileSync('git', ['clone', '--quiet', ROOT, clone]);
    symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
    // The symlink is the clone's only change, and not the project's: ignored as node_modules/ is.
    writeFileSync(join(clone, '.git', 'info', 'exclude'), 'node_modules\n');
  }, 60_000);
  afterAll(() => rmSync(clone, { recursive: true, force: true }));

  it('makes the next minor version: the changelog of the commits since the last release, package.json, a commit and its tag', () => {
    const before = lastRelease(clone)!;
    const since = git('log', '--no-merges', '--format=%s', `${before.commit}..HEAD`).split('\n').filter(Boolean);
    git('commit', '--allow-empty', '-q', '-m', 'Fleets: a change worth telling');
    // The distributed suite it runs first has its own place in npm test.
    const made = release('minor', '--skip-mixed-versions');
    expect({ status: made.status, stderr: made.stderr }).toEqual({ status: 0, stderr: '' });
    const [major, minor] = before.version.split('.').map(Number) as [number, number];
    const version = `${major}.${minor + 1}.0`;
    expect(lastRelease(clone)).toEqual({ version, commit: git('rev-parse', 'HEAD') });
    expect(git('describe', '--tags', '--exact-match', 'HEAD')).toBe(`v${version}`);
    expect(JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8')).version).toBe(version);
    expect(JSON.parse(readFileSync(join(clone, 'package-lock.json'), 'utf8')).packages[''].version).toBe(version);
    const changelog = readFileSync(join(clone, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(
      new RegExp(
        `^# Changelog\\n\\n## v${version.replace(/\./g, '\\.')} \\(\\d{4}-\\d{2}-\\d{2}\\)\\n\\nSince v${before.version}:\\n\\n- Fleets: a change worth telling\\n`,
      ),
    );
    for (const subject of since) expect(changelog).toContain(`- ${subject}\n`);
    expect(changelog).toContain(`## v${before.version} (`);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('refuses a tree with changes, or no part to grow, and changes nothing', () => {
    const head = git('rev-parse', 'HEAD');
    expect(release().stderr).toMatch(/say which part grows/);
    writeFileSync(join(clone, 'README.md'), 'changed\n', { flag: 'a' });
    const refused = release('patch');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/the working tree has changes/);
    expect(git('rev-parse', 'HEAD')).toBe(head);
  });
});
