import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/** The README's walkthroughs by their headings; each has one bash block that runs on its own. */
export const WALKTHROUGHS = {
  sameDay: '## Walk through the Same-Day flow',
  sandbox: '## Watch the sandbox fleet deliver an order',
  planned: '## Walk through the Planned flow',
  notes: '## Walk through notes for drivers',
  errors: '## Errors, and what the platform may send',
  console: '### Script the console API',
} as const;

/** A walkthrough's block, as a newcomer would paste it. */
function walkthroughScript(heading: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(heading);
  if (start < 0) throw new Error(`README has no section ${heading}`);
  const block = /```bash\n([\s\S]*?)```/.exec(readme.slice(start));
  if (!block) throw new Error(`README section ${heading} has no walkthrough block`);
  return block[1]!;
}

export interface WalkthroughRun {
  status: number | null;
  stdout: string;
  /** What it printed on stderr, npm's own warnings left out. */
  errors: string[];
  lines: string[];
}

/**
 * Runs a walkthrough against a running system: `BASE` its gateway, `DATA_DIR` the data the
 * admin CLI opens. Asynchronous, so a system serving from the same process keeps answering.
 */
export function runWalkthrough(
  heading: string,
  system: { url: string; dataDir: string },
  env: Record<string, string> = {},
): Promise<WalkthroughRun> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', walkthroughScript(heading)],
      { cwd: ROOT, env: { ...process.env, BASE: system.url, DATA_DIR: system.dataDir, ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({
          status: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stdout,
          errors: stderr.split('\n').filter((line) => line && !line.startsWith('npm warn')),
          lines: stdout.trim().split('\n'),
        }),
    );
  });
}

/** What each walkthrough prints when it works, as the README shows; each throws on a difference. */
export const WALKTHROUGH_OUTPUT = {
  sameDay(lines: string[]) {
    expect(lines[0]).toMatch(/^created task tsk_[0-9a-f]{24}, shipment SHP[0-9A-F]{20}$/);
    expect(lines[1]).toMatch(/\/documents\/doc_/);
    expect(lines).toEqual(expect.arrayContaining(['^XA', 'cancelled']));
    expect(lines.some((line) => /^Order for fulfillment FUL-1001 (cancelled successfully|was already cancelled)$/.test(line))).toBe(true);
  },
  planned(lines: string[]) {
    const quotes = lines.filter((line) => /^Demo (Own|Sandbox) Fleet [01] \d+ USD \S+ left \d+$/.test(line));
    const ownWindows = new Set(quotes.filter((line) => line.startsWith('Demo Own Fleet 0')).map((line) => line.split(' ')[6]));
    expect(ownWindows.size).toBeGreaterThan(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        'reserved ready_to_execute=false',
        '204',
        'confirmed ready_to_execute=true',
        'preferred chosen Demo Own Fleet: first in fleet id order',
      ]),
    );
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ status: 404, data: { orderId: 'ORD-UNKNOWN' }, success: false });
  },
  notes(lines: string[]) {
    expect(lines).toEqual(['0 Gate code 4521', '2 <b>Ring twice</b>', '1 [["Item","Qty"],["Vase",1]]', '0,2,1']);
  },
  console(lines: string[]) {
    expect(lines).toEqual(['Bearer', '403', 'true', '204', '401']);
  },
  errors(lines: string[]) {
    const [notFound, refused] = lines;
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
  },
  sandbox(lines: string[], drivers: readonly string[]) {
    expect(lines.at(-2)).toMatch(new RegExp(`^delivered (${drivers.join('|')})$`));
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ recipient_name: 'Ada Lovelace', note: 'Handed to the recipient' });
  },
};
