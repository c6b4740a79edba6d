import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventSchemaFiles } from '../../scripts/generate-event-schemas';
import { releaseBeforeHead } from '../release/last-release';
import { breakingChanges, type SchemaNode } from './schema-compatibility';

/**
 * What lets one app be deployed at a time: the gRPC contracts (protos/) and the events' JSON
 * Schemas (docs/events) of HEAD against the last release's, read from git. `buf lint` and
 * `buf breaking` are the Buf CLI's (@bufbuild/buf); the schemas' check is ours
 * (schema-compatibility.ts). A deliberate break is a new package (delivery.v2) or a new
 * topic version, side by side with the old.
 */
const ROOT = join(__dirname, '..', '..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
const buf = (...args: string[]) => spawnSync(join(ROOT, 'node_modules', '.bin', 'buf'), args, { cwd: ROOT, encoding: 'utf8' });

const release = releaseBeforeHead(ROOT);
let releasedProtos: string;

beforeAll(() => {
  if (!release) throw new Error('no release in the history (no commit "Release vX.Y.Z"): the clone must hold the whole history');
  // The release's protos/ as it was, for buf to compare with (a directory works whatever the clone's depth of tags).
  releasedProtos = mkdtempSync(join(tmpdir(), 'released-protos-'));
  const archive = execFileSync('git', ['archive', release.commit, 'protos'], { cwd: ROOT });
  execFileSync('tar', ['-x', '-C', releasedProtos], { input: archive });
});
afterAll(() => rmSync(releasedProtos, { recursive: true, force: true }));

describe(`the contracts against the last release`, () => {
  it('protos/ passes buf lint (STANDARD; delivery.v1 keeps its shipped names)', () => {
    const lint = buf('lint');
    expect({ status: lint.status, output: `${lint.stdout}${lint.stderr}` }).toEqual({ status: 0, output: '' });
  });

  it(`protos/ breaks nothing of the last release's (buf breaking, PACKAGE rules)`, () => {
    const breaking = buf('breaking', '--against', join(releasedProtos, 'protos'));
    expect({ status: breaking.status, output: `${breaking.stdout}${breaking.stderr}` }).toEqual({ status: 0, output: '' });
  });

  it('and buf breaking does refuse a deleted RPC and a retyped field, so the check above can fail', () => {
    const changed = mkdtempSync(join(tmpdir(), 'changed-protos-'));
    try {
      cpSync(join(ROOT, 'protos'), join(changed, 'protos'), { recursive: true });
      const notes = join(changed, 'protos', 'delivery', 'v1', 'notes.proto');
      writeFileSync(
        notes,
        readFileSync(notes, 'utf8')
          .replace(/^\s*rpc ListNotesOfTask\b.*$/m, '')
          .replace('string task_id = 2;', 'int64 task_id = 2;'),
      );
      const breaking = buf('breaking', join(changed, 'protos'), '--against', join(releasedProtos, 'protos'));
      expect(breaking.status).not.toBe(0);
      expect(breaking.stdout).toContain('Previously present RPC "ListNotesOfTask" on service "Notes" was deleted.');
    } finally {
      rmSync(changed, { recursive: true });
    }
  });

  it('the events JSON Schemas are what the zod contracts make', () => {
    for (const [file, text] of Object.entries(eventSchemaFiles()))
      expect({ file, text: readFileSync(join(ROOT, file), 'utf8') }).toEqual({ file, text });
  });

  it('every event of the last release is still published, with no field removed, retyped, or changed in being required', () => {
    const released = git('ls-tree', '-r', '--name-only', release!.commit, 'docs/events')
      .split('\n')
      .filter((file) => file.endsWith('.schema.json'));
    expect(released.length).toBeGreaterThan(0);
    const current = eventSchemaFiles();
    const problems = released.flatMap((file) => {
      if (!current[file]) return [`${file}: the event is no longer published`];
      const before = JSON.parse(git('show', `${release!.commit}:${file}`)) as SchemaNode;
      return breakingChanges(before, JSON.parse(current[file]!) as SchemaNode).map((problem) => `${file}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });
});
