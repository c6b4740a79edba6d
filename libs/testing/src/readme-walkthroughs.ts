import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/** A walkthrough: the document it is in, and its section's heading. */
export interface Walkthrough {
  doc: string;
  heading: string;
}

/** The walkthroughs of the README and the guides behind it; each has one bash block that runs on its own. */
export const WALKTHROUGHS = {
  sameDay: { doc: 'README.md', heading: '## Walk through the Same-Day flow' },
  sandbox: { doc: 'docs/integrators.md', heading: '## Watch the sandbox fleet deliver an order' },
  planned: { doc: 'docs/integrators.md', heading: '## Walk through the Planned flow' },
  notes: { doc: 'docs/integrators.md', heading: '## Walk through notes for drivers' },
  errors: { doc: 'docs/integrators.md', heading: '## Errors, and what the platform may send' },
  console: { doc: 'docs/console.md', heading: '### Script the console API' },
  notifications: { doc: 'docs/recipients.md', heading: '## Tell the recipient' },
  replicas: { doc: 'docs/operators.md', heading: '### Run replicas on one machine' },
} as const satisfies Record<string, Walkthrough>;

/** How a test names a walkthrough. */
export const walkthroughName = ({ doc, heading }: Walkthrough) => `${doc} ${heading}`;

/** A walkthrough's block, as a newcomer would paste it. */
function walkthroughScript({ doc, heading }: Walkthrough): string {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${doc} has no section ${heading}`);
  const block = /```bash\n([\s\S]*?)```/.exec(text.slice(start));
  if (!block) throw new Error(`${doc} section ${heading} has no walkthrough block`);
  return block[1]!;
}

/**
 * What the guide shows a walkthrough printing: the `text` block after its `bash` block, one
 * pattern a line, `…` standing for what differs from run to run (a line of `…` alone, for
 * lines left out).
 */
export function shownOutput({ doc, heading }: Walkthrough): string[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  const section = text.slice(text.indexOf(`\n${heading}\n`));
  const shown = /```bash\n[\s\S]*?\n```\n[\s\S]*?```text\n([\s\S]*?)\n```/.exec(section);
  if (!shown) throw new Error(`${doc} section ${heading} shows no output`);
  return shown[1]!.split('\n');
}

/** The shown lines a run did not print, in the order shown: each must match a printed line after the one before's. */
export function unprinted(shown: readonly string[], printed: readonly string[]): string[] {
  const missing: string[] = [];
  let at = 0;
  for (const line of shown.filter((l) => l !== '…')) {
    const pattern = new RegExp(
      `^${line
        .split('…')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    const found = printed.findIndex((p, i) => i >= at && pattern.test(p));
    if (found < 0) missing.push(line);
    else at = found + 1;
  }
  return missing;
}

export interface WalkthroughRun {
  /** The block's exit status, as the shell it was pasted into saw it. */
  status: number | null;
  stdout: string;
  /** What it printed on stderr, npm's warnings and an interactive shell's own notices left out. */
  errors: string[];
  lines: string[];
  /** The options of the shell it was pasted into, after the block: a block that leaks `set -e` leaves an `e` here. */
  shellOptions: string | null;
}

const AFTER = 'walkthrough ended: status';
/** What bash says of itself when its input is no terminal, and npm of its runtime: not the walkthrough's. */
const NOT_THE_WALKTHROUGH = [/^npm warn/, /^bash: cannot set terminal process group/, /^bash: no job control in this shell/, /^exit$/];

/**
 * Runs a walkthrough against a running system (`BASE` its gateway, `DATA_DIR` the data the
 * admin CLI opens) as a newcomer does: pasted into an interactive bash, which then says how
 * the block ended and whether the shell is still open, with which options. Asynchronous, so
 * a system serving from the same process keeps answering.
 */
export function runWalkthrough(
  walkthrough: Walkthrough,
  system: { url: string; dataDir: string },
  env: Record<string, string> = {},
): Promise<WalkthroughRun> {
  return new Promise((resolve) => {
    const shell = spawn('bash', ['--norc', '--noprofile', '--noediting', '-i'], {
      cwd: ROOT,
      env: { ...process.env, BASE: system.url, DATA_DIR: system.dataDir, PS1: '', PS2: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    shell.stdout.on('data', (chunk) => (stdout += chunk));
    shell.stderr.on('data', (chunk) => (stderr += chunk));
    const killer = setTimeout(() => shell.kill('SIGKILL'), 120_000);
    shell.once('close', () => {
      clearTimeout(killer);
      const lines = stdout.trim().split('\n');
      const after = lines.at(-1)?.startsWith(AFTER) ? /status (\d+); options (\S*)$/.exec(lines.pop()!) : null;
      resolve({
        status: after ? Number(after[1]) : null,
        shellOptions: after ? after[2]! : null,
        stdout: lines.join('\n'),
        errors: stderr.split('\n').filter((line) => line && !NOT_THE_WALKTHROUGH.some((pattern) => pattern.test(line))),
        lines,
      });
    });
    shell.stdin.end(`${walkthroughScript(walkthrough)}echo "${AFTER} $?; options $-"\nexit\n`);
  });
}

/** What each walkthrough prints when it works, as the README shows; each throws on a difference. */
export const WALKTHROUGH_OUTPUT = {
  /** Run on `--replicas order-lifecycle=2,gateway=2`. */
  replicas(lines: string[]) {
    const table = lines.filter((line) => /^\S+ \d+ http:\/\/127\.0\.0\.1:\d+ \S+$/.test(line)).map((line) => line.split(' ')[0]);
    expect(table).toEqual(expect.arrayContaining(['gateway', 'gateway#2', 'order-lifecycle', 'order-lifecycle#2']));
    const leader = lines.find((line) => line.startsWith('leader: '))?.slice('leader: '.length);
    const other = leader === 'order-lifecycle' ? 'order-lifecycle#2' : 'order-lifecycle';
    expect(lines).toEqual(
      expect.arrayContaining([`lead moved to ${other}`, `20 of 20 Create Orders answered 200 while ${other} was down`]),
    );
  },
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
    expect(lines).toEqual(['Bearer', '403', '204', 'true', '204', '401']);
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
  notifications(lines: string[]) {
    expect(lines).toEqual([
      'dispatched | sms | skipped | the phone number is not a valid number',
      'dispatched | email | not_sent | no provider: the account has no SMTP settings',
      'Your Demo retailer order is on its way soon',
    ]);
  },
  sandbox(lines: string[], drivers: readonly string[]) {
    expect(lines.at(-2)).toMatch(new RegExp(`^delivered (${drivers.join('|')})$`));
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ recipient_name: 'Ada Lovelace', note: 'Handed to the recipient' });
  },
};
