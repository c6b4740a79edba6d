import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runningOn } from '@delivery/config';
import {
  eventually,
  freePort,
  randomBasePort,
  runWalkthrough,
  shownOutput,
  tempDataDir,
  unprinted,
  WALKTHROUGH_OUTPUT,
  WALKTHROUGHS,
} from '@delivery/testing';
import { startOrderLoad } from '../tools/faults/order-load';

const ROOT = join(__dirname, '..');

const answers = (url: string) =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

/**
 * `npm <args>` as an operator runs it from a terminal: the leader of a process group of its
 * own, as a shell's job is, with what it printed kept for a failure.
 */
function npm(args: string[], env: Record<string, string>) {
  const child = spawn('npm', args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Signals the whole process group, as a terminal's Ctrl-C does (npm, node and whatever they
 * started), then again once the stop is under way, as an impatient operator does; waits for
 * npm: its exit code and how long the stop took.
 */
async function stopWith(signal: NodeJS.Signals, started: ReturnType<typeof npm>, stopping: RegExp) {
  const begun = Date.now();
  process.kill(-started.child.pid!, signal);
  await eventually(() => expect(started.output()).toMatch(stopping), 20_000, 20);
  try {
    process.kill(-started.child.pid!, signal);
  } catch {
    // Everything stopped already.
  }
  const code = await started.exited;
  return { code, ms: Date.now() - begun };
}

/**
 * Every live process of a system on `dataDir`, whatever its group or parent: each app, server
 * and helper the system started inherits its DATA_DIR. Their pids.
 */
function processesOn(dataDir: string): number[] {
  const mine: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(`DATA_DIR=${dataDir}`)) mine.push(Number(entry));
    } catch {
      // Gone while listed, or not ours to read.
    }
  }
  return mine.filter((pid) => !readFileSync(`/proc/${pid}/stat`, 'latin1').match(/^\d+ \(.*\) Z/));
}

/** The stop deadline the tests set, and what a busy machine adds to it: scheduling, a watchdog's own start. */
const SHUTDOWN_TIMEOUT_MS = 5_000;
const SLACK_MS = 2_000;

/**
 * Waits until no process of the system on `dataDir` is left, for at most the stop deadline,
 * the exit watchdog's second and a busy machine's slack; the pids still alive then, with their command lines.
 */
async function leftAfterStop(dataDir: string, since: number): Promise<string[]> {
  const bound = since + SHUTDOWN_TIMEOUT_MS + 1_000 + SLACK_MS;
  while (processesOn(dataDir).length > 0 && Date.now() < bound) await new Promise((resolve) => setTimeout(resolve, 50));
  return processesOn(dataDir).map((pid) => {
    try {
      return `${pid}: ${readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ')}`;
    } catch {
      return `${pid}`;
    }
  });
}

/** The demo app's credentials, from what a first start printed. */
function demoCredentials(output: string) {
  const match = /client_id=(\S+) -F client_secret=(\S+)/.exec(output);
  if (!match) throw new Error(`no demo credentials in:\n${output}`);
  return { clientId: match[1]!, clientSecret: match[2]! };
}

/** The standalone's own process, started as `npm start` starts it (without building the console again), leading a group of its own. */
function standalone(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'apps/standalone/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

/**
 * Waits until every operations port answers ready; a start that ended meanwhile (it refused,
 * or crashed) fails at once with what it printed, and one still not ready at the bound says
 * which ports wait and what it printed last.
 */
async function ready(opsPorts: number[], timeoutMs: number, started: { child: ChildProcess; output: () => string }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`the start ended before it was ready:\n${started.output()}`);
    }
    const states = await Promise.all(opsPorts.map((p) => answers(`http://127.0.0.1:${p}/readyz`)));
    if (!states.includes(false)) return;
    if (Date.now() > deadline) {
      const waiting = opsPorts.filter((_, i) => !states[i]);
      throw new Error(
        `ports ${waiting.join(', ')} not ready; the start printed last:\n${started.output().split('\n').slice(-60).join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Each task the load was told was made, read back: 200 for every one. */
async function readBack(gatewayUrl: string, credentials: { clientId: string; clientSecret: string }, taskIds: readonly string[]) {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
  });
  const token = ((await (await fetch(`${gatewayUrl}/oauth/token`, { method: 'POST', body: form })).json()) as { access_token: string })
    .access_token;
  const statuses = new Map<number, number>();
  for (const taskId of taskIds) {
    const read = () =>
      fetch(`${gatewayUrl}/partner-integrations-service/v1/integrations/partner/orders/${taskId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    let answer = await read();
    // Reads over the account's rate: read again when it says.
    while (answer.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after') ?? 1) * 1000));
      answer = await read();
    }
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  }
  return Object.fromEntries(statuses);
}

/** Kills whatever is left of the group, after a test that failed. */
function killGroup(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

describe('stopping what the README starts', () => {
  it('`npm start` stops cleanly on Ctrl-C pressed twice, and a second start on its data or port refuses, changing nothing', async () => {
    const [port, opsPort] = [await freePort(), await freePort()];
    const dir = tempDataDir('npm-start-');
    const env = { PORT: String(port), OPS_PORT: String(opsPort), DATA_DIR: dir.path, SHUTDOWN_DRAIN_MS: '500' };
    const started = npm(['start'], env);
    try {
      await eventually(async () => expect(await answers(`http://127.0.0.1:${opsPort}/readyz`)).toBe(true), 120_000, 200);
      expect(await answers(`http://127.0.0.1:${port}/health`)).toBe(true);
      expect(JSON.parse(readFileSync(join(dir.path, 'running.json'), 'utf8'))).toMatchObject({
        shape: 'standalone',
        gatewayUrl: `http://127.0.0.1:${port}`,
        outbound: { allowHttp: false, allowPrivateNetworks: false },
      });

      // What a second start used to re-make: the sandbox fleet's apps, whose new secrets locked the first one out.
      const apps = () =>
        execFileSync(process.execPath, ['scripts/admin.js', 'list-apps', '--account', 'demo', '--json'], {
          cwd: ROOT,
          env: { ...process.env, DATA_DIR: dir.path },
        }).toString();
      const before = apps();
      const second = npm(['start'], { ...env, PORT: String(await freePort()), OPS_PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`the standalone shape (pid `);
      expect(second.output()).toContain(`is running on ${dir.path} already`);
      const samePort = npm(['start'], { ...env, DATA_DIR: join(dir.path, 'other'), OPS_PORT: String(await freePort()) });
      expect(await samePort.exited).toBe(1);
      expect(samePort.output()).toContain(`port ${port} (PORT) is in use already`);
      const sameOpsPort = npm(['start'], { ...env, DATA_DIR: join(dir.path, 'other'), PORT: String(await freePort()) });
      expect(await sameOpsPort.exited).toBe(1);
      expect(sameOpsPort.output()).toContain(`port ${opsPort} (OPS_PORT) is in use already`);
      expect(existsSync(join(dir.path, 'other'))).toBe(false);
      expect(apps()).toEqual(before);
      expect(await answers(`http://127.0.0.1:${opsPort}/readyz`)).toBe(true);

      const { code, ms } = await stopWith('SIGINT', started, /standalone stopping/);
      expect({ code, output: code === 0 ? '' : started.output() }).toEqual({ code: 0, output: '' });
      expect(started.output()).toContain('standalone is stopping already');
      expect(started.output()).toContain('standalone stopped');
      expect(ms).toBeLessThan(25_000);
      expect(await answers(`http://127.0.0.1:${port}/health`)).toBe(false);
      expect(await answers(`http://127.0.0.1:${opsPort}/healthz`)).toBe(false);
      expect(existsSync(join(dir.path, 'running.json'))).toBe(false);
    } finally {
      killGroup(started.child);
      dir.remove();
    }
  }, 240_000);

  it('the standalone, stopped amid Create Orders three times in a row (SIGTERM, Ctrl-C to its group, SIGTERM), leaves no process past its deadline, loses no order, and starts again', async () => {
    const [port, opsPort] = [await freePort(), await freePort()];
    const dir = tempDataDir('standalone-stops-');
    const env = {
      PORT: String(port),
      OPS_PORT: String(opsPort),
      DATA_DIR: dir.path,
      SHUTDOWN_DRAIN_MS: '500',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    };
    const gatewayUrl = `http://127.0.0.1:${port}`;
    let started = standalone(env);
    let load: ReturnType<typeof startOrderLoad> | null = null;
    try {
      await ready([opsPort], 120_000, started);
      const credentials = demoCredentials(started.output());
      load = startOrderLoad({ gatewayUrl, credentials, perSecond: 20, carrierCodes: ['OWNFLEET'] });
      for (const stop of [
        (pid: number) => process.kill(pid, 'SIGTERM'),
        (pid: number) => process.kill(-pid, 'SIGINT'),
        (pid: number) => process.kill(pid, 'SIGTERM'),
      ]) {
        // The witness of writes under way: orders made since this start, and more in flight.
        const made = load.tasks.length;
        await eventually(() => expect(load!.tasks.length).toBeGreaterThan(made + 10), 60_000, 20);
        const signalled = Date.now();
        stop(started.child.pid!);
        expect({ left: await leftAfterStop(dir.path, signalled), output: '' }).toEqual({ left: [], output: '' });
        started = standalone(env);
        await ready([opsPort], 120_000, started);
      }
      // Each order in flight at a stop was retried with its record until made, once.
      await load.stop();
      const taskIds = load.tasks.map((task) => task.taskId);
      expect(new Set(taskIds).size).toBe(taskIds.length);
      expect(await readBack(gatewayUrl, credentials, taskIds)).toEqual({ 200: taskIds.length });
    } finally {
      void load?.stop();
      killGroup(started.child);
      dir.remove();
    }
  }, 300_000);

  it('`npm run start:distributed -- --replicas …`: SIGKILL of its launcher amid Create Orders leaves no process past the deadline, a start after it succeeds, and Ctrl-C pressed twice stops every process cleanly, on the ports the README states', async () => {
    const port = await freePort();
    const base = randomBasePort();
    const dir = tempDataDir('npm-distributed-');
    const env = { PORT: String(port), BASE_PORT: String(base), DATA_DIR: dir.path, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) };
    const replicas = ['--', '--replicas', 'order-lifecycle=2,gateway=2'];
    let started = npm(['run', 'start:distributed', ...replicas], env);
    // Gateway, order-lifecycle, quote, notes, webhook-dispatcher, the sandbox fleet and the
    // notifier; a second gateway and order-lifecycle, ten ports further on.
    const opsPorts = [0, 1, 2, 3, 4, 5, 6, 10, 11].map((i) => base + 100 + i);
    let load: ReturnType<typeof startOrderLoad> | null = null;
    try {
      await ready(opsPorts, 150_000, started);
      await eventually(() => expect(started.output()).toContain('First start: created demo account "demo"'));
      const credentials = demoCredentials(started.output());
      expect(started.output()).toMatch(new RegExp(`order-lifecycle#2 +pid \\d+ +127\\.0\\.0\\.1:${base + 11} `));
      expect(Object.keys(runningOn(dir.path)!.processes!).sort()).toEqual(
        [
          'gateway',
          'gateway#2',
          'notes',
          'notifier',
          'order-lifecycle',
          'order-lifecycle#2',
          'quote',
          'sandbox-fleet',
          'webhook-dispatcher',
        ].sort(),
      );
      // The README's walkthrough: the lead moves off a paused replica, and Create Orders through
      // both gateways go on while the other is killed (the launcher starting it again meanwhile).
      const walkthrough = await runWalkthrough(WALKTHROUGHS.replicas, { url: `http://127.0.0.1:${port}`, dataDir: dir.path });
      expect({ errors: walkthrough.errors, status: walkthrough.status }).toEqual({
        errors: [],
        status: 0,
        ...(walkthrough.status !== 0 && { stdout: walkthrough.stdout }),
      });
      // No stale sample: what the guide shows it printing, it printed.
      expect(unprinted(shownOutput(WALKTHROUGHS.replicas), walkthrough.lines)).toEqual([]);
      WALKTHROUGH_OUTPUT.replicas(walkthrough.lines);

      // The launcher killed with writes under way: every app, redis-server and the broker end with it.
      load = startOrderLoad({ gatewayUrl: `http://127.0.0.1:${port}`, credentials, perSecond: 10, carrierCodes: ['OWNFLEET'] });
      await eventually(() => expect(load!.tasks.length).toBeGreaterThan(5), 60_000, 20);
      const signalled = Date.now();
      process.kill(runningOn(dir.path)!.pid, 'SIGKILL');
      expect({ left: await leftAfterStop(dir.path, signalled), output: '' }).toEqual({ left: [], output: '' });
      await started.exited;

      // A start after it, on its data and ports.
      started = npm(['run', 'start:distributed', ...replicas], env);
      await ready(opsPorts, 150_000, started);
      await load.stop();
      const { code, ms } = await stopWith('SIGINT', started, /distributed: stopping every app/);
      expect({ code, output: code === 0 ? '' : started.output() }).toEqual({ code: 0, output: '' });
      expect(started.output()).toContain('distributed: stopping already');
      // Each replica stopped cleanly (its last lines shown where one did not).
      const lines = started.output().split('\n');
      const unclean = ['gateway', 'gateway#2', 'order-lifecycle', 'order-lifecycle#2', 'quote', 'notes', 'webhook-dispatcher'].filter(
        (instance) => !lines.some((line) => line.startsWith(`[${instance}] `) && line.includes('stopped"')),
      );
      expect(unclean.map((instance) => lines.filter((line) => line.startsWith(`[${instance}] `)).slice(-10))).toEqual([]);
      expect(ms).toBeLessThan(40_000);
      expect(await answers(`http://127.0.0.1:${port}/health`)).toBe(false);
      expect(existsSync(join(dir.path, 'grpc-addresses.json'))).toBe(false);
      expect(existsSync(join(dir.path, 'running.json'))).toBe(false);
      expect(await Promise.all(opsPorts.map((p) => answers(`http://127.0.0.1:${p}/healthz`)))).toEqual(opsPorts.map(() => false));
      // The launcher's helpers (the apps' exit watchdogs, redis-server's guard) end with what they watch.
      expect(await leftAfterStop(dir.path, Date.now())).toEqual([]);
    } finally {
      void load?.stop();
      killGroup(started.child);
      dir.remove();
    }
  }, 420_000);
});
