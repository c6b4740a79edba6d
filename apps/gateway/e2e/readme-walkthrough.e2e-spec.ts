import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHarness, type Harness } from './support/standalone-harness';

const ROOT = join(__dirname, '..', '..', '..');

/** A README walkthrough block, as a newcomer would paste it, against a running system. */
function walkthroughScript(heading: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(heading);
  if (start < 0) throw new Error(`README has no section ${heading}`);
  const section = readme.slice(start);
  const block = /```bash\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README has no walkthrough block');
  return block[1]!;
}

describe('README walkthroughs', () => {
  let harness: Harness;

  beforeAll(async () => {
    // The Planned walkthrough asks `date` for its hold, so the system runs on today's time.
    harness = await startHarness({ clockStart: new Date() });
  });
  afterAll(() => harness.stop());

  // Asynchronous: the system under test serves from this same process.
  const run = (heading = '## Walk through the Same-Day flow', on: Harness = harness, env: Record<string, string> = {}) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'bash',
        ['-c', walkthroughScript(heading)],
        { cwd: ROOT, env: { ...process.env, BASE: on.url, DATA_DIR: on.dataDir, ...env }, timeout: 60_000 },
        (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
      );
    });

  it('Same-Day: works verbatim, and again on a second run', async () => {
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

  it('Planned: quotes, soft reservation, hard reservation, and a 404 problem document, verbatim', async () => {
    const { status, stdout, stderr } = await run('## Walk through the Planned flow');
    expect(stderr.split('\n').filter((line) => line && !line.startsWith('npm warn'))).toEqual([]);
    expect(status).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines.filter((line) => /^Demo (Own|Sandbox) Fleet [01] \d+ USD /.test(line))).toHaveLength(4);
    expect(lines).toEqual(expect.arrayContaining(['reserved ready_to_execute=false', '204', 'confirmed ready_to_execute=true']));
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ status: 404, data: { orderId: 'ORD-UNKNOWN' }, success: false });
  }, 90_000);

  it('Notes: text, sanitized HTML, a signed legacy note, and Get Order, verbatim', async () => {
    const { status, stdout, stderr } = await run('## Walk through notes for drivers');
    expect(stderr.split('\n').filter((line) => line && !line.startsWith('npm warn'))).toEqual([]);
    expect(status).toBe(0);
    expect(stdout.trim().split('\n')).toEqual(['0 Gate code 4521', '2 <b>Ring twice</b>', '1 [["Item","Qty"],["Vase",1]]', '0,2,1']);
  }, 90_000);

  it('Console API: a user signs in with curl, adds an app whose secret gets a token, and signs out, verbatim', async () => {
    const { status, stdout, stderr } = await run('### Script the console API');
    expect(stderr.split('\n').filter((line) => line && !line.startsWith('npm warn'))).toEqual([]);
    expect(status).toBe(0);
    expect(stdout.trim().split('\n')).toEqual(['Bearer', '403', 'true', '204', '401']);
  }, 90_000);

  it('Errors: the example runs on its own and answers as the README shows', async () => {
    const { status, stdout, stderr } = await run('## Errors, and what the platform may send');
    expect(stderr.split('\n').filter((line) => line && !line.startsWith('npm warn'))).toEqual([]);
    expect(status).toBe(0);
    const [notFound, refused] = stdout.trim().split('\n');
    expect(JSON.parse(notFound!)).toEqual({
      severityType: 'ERROR',
      notifications: [
        {
          code: '0000',
          message: 'General error: no order found for id tsk_000000000000000000000000',
          severity: 'ERROR',
          source: 'delivery-orchestration',
          errorCode: 'ORDER_NOT_FOUND',
        },
      ],
      provider: null,
      completedShipments: [],
    });
    expect(refused).toBe('Invalid request: shipRequest.shipment.deliveryDate: deliveryDate is before shipDate');
  }, 90_000);

  it('Sandbox: a Same-Day order is delivered by the sandbox fleet with a named driver, verbatim', async () => {
    // The sandbox at a fast pace on a clock that follows real time, as `npm start` runs it at 5 s a step.
    const drivers = ['Grace Hopper', 'Alan Turing'];
    const live = await startHarness({
      clockStart: new Date(),
      sandbox: { stepMs: 300, failureRate: 0, seed: 1, drivers, pollIntervalMs: 50 },
    });
    const ticking = setInterval(() => live.clock.advance(50), 50);
    try {
      const { status, stdout, stderr } = await run('## Watch the sandbox fleet deliver an order', live, { WATCH_SECONDS: '0.1' });
      expect(stderr.split('\n').filter((line) => line && !line.startsWith('npm warn'))).toEqual([]);
      expect(status).toBe(0);
      const lines = stdout.trim().split('\n');
      expect(lines.at(-2)).toMatch(new RegExp(`^delivered (${drivers.join('|')})$`));
      expect(JSON.parse(lines.at(-1)!)).toMatchObject({ recipient_name: 'Ada Lovelace', note: 'Handed to the recipient' });
    } finally {
      clearInterval(ticking);
      await live.stop();
    }
  }, 90_000);
});
