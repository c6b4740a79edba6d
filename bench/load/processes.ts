import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { processTicks } from './cpu-time';

export const ROOT = resolve(__dirname, '..', '..');

export interface NodeProcess {
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * A TypeScript entry of this repository in its own Node process (through tsx), on the
 * project's Node unless `node` names another binary. Its log lines go to /dev/null, as
 * cheap to write as a terminal and costing the bench nothing to read; its last error lines
 * are shown if it fails.
 */
export function spawnNode(entry: string, env: Record<string, string>, nodeOptions: string[] = [], node = process.execPath): NodeProcess {
  const child = spawn(node, [...nodeOptions, '--import', 'tsx', join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const errors: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => errors.push(line));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.once('exit', (code) => {
    if (code) console.error(`${entry} exited with ${code}:\n${errors.slice(-20).join('\n')}`);
  });
  return {
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until an app's operations port answers /readyz with 200. */
export async function waitReady(opsUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (
    !(await fetch(`${opsUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`${opsUrl} not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Resident memory of a process, from /proc. */
export function residentMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

/** CPU ticks the processes use together over the next second. */
async function ticksInASecond(pids: number[]): Promise<number> {
  const ticks = () => pids.reduce((sum, pid) => sum + processTicks(pid), 0);
  const before = ticks();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return ticks() - before;
}

/**
 * The CPU the processes spend with no call to answer (their polls, heartbeats and sweeps),
 * in clock ticks a second: the least of `windows` windows of a second, since a process
 * just started or just answered may still be finishing its own work.
 */
export async function idleTicksPerSecond(pids: number[], windows = 8): Promise<number> {
  let least = Infinity;
  for (let i = 0; i < windows; i += 1) least = Math.min(least, await ticksInASecond(pids));
  return least;
}

/**
 * Waits until the processes have settled back to their idle CPU (`idlePerSecond`, with
 * room for a sweep's burst), or says they did not.
 * An order's work goes on after its answer (dispatch, events, webhooks), and a baseline
 * measured while it does would count that work as the baseline's.
 */
export async function waitUntilQuiet(pids: number[], idlePerSecond: number, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  // Ticks are 10 ms: 3 more than idle in a second is 3 % of a core.
  const quiet = idlePerSecond * 1.5 + 3;
  for (;;) {
    if ((await ticksInASecond(pids)) <= quiet) return;
    if (Date.now() > until) return console.log(`  (the system under test was still busy after ${timeoutMs} ms)`);
  }
}
