import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHarness, type Harness } from './support/standalone-harness';

const ROOT = join(__dirname, '..', '..', '..');

/** The README's walkthrough block, as a newcomer would paste it, against a running system. */
function walkthroughScript(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Walk through'));
  const block = /```bash\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README has no walkthrough block');
  return block[1]!;
}

describe('README walkthrough', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.stop());

  // Asynchronous: the system under test serves from this same process.
  const run = () =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'bash',
        ['-c', walkthroughScript()],
        { cwd: ROOT, env: { ...process.env, BASE: harness.url, DATA_DIR: harness.dataDir }, timeout: 60_000 },
        (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
      );
    });

  it('works verbatim, and again on a second run', async () => {
    const first = await run();
    expect(first.stderr.split('\n').filter((line) => line && !line.startsWith('npm warn'))).toEqual([]);
    expect(first.status).toBe(0);
    const lines = first.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^created task tsk_[0-9a-f]{24}, shipment SHP[0-9A-F]{20}$/);
    expect(lines[1]).toMatch(/\/documents\/doc_/);
    expect(lines).toEqual(expect.arrayContaining(['^XA', 'Order for fulfillment FUL-1001 cancelled successfully', 'cancelled']));

    const second = await run();
    expect(second.status).toBe(0);
    expect(second.stdout).toContain(lines[0]);
    expect(second.stdout).toContain('Order for fulfillment FUL-1001 was already cancelled');
  }, 90_000);
});
