import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, freePort, randomBasePort, tempDataDir } from '@delivery/testing';

const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

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
        execFileSync(TSX, ['apps/admin/src/main.ts', 'list-apps', '--account', 'demo', '--json'], {
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

  it('`npm run start:distributed` stops every process cleanly on Ctrl-C pressed twice, its ports the README states', async () => {
    const port = await freePort();
    const base = randomBasePort();
    const dir = tempDataDir('npm-distributed-');
    const started = npm(['run', 'start:distributed'], {
      PORT: String(port),
      BASE_PORT: String(base),
      DATA_DIR: dir.path,
      SHUTDOWN_DRAIN_MS: '0',
    });
    // Gateway, order-lifecycle, quote, notes, webhook-dispatcher, and the sandbox fleet driving the demo account's fleets.
    const opsPorts = [0, 1, 2, 3, 4, 5].map((i) => base + 100 + i);
    try {
      await eventually(
        async () =>
          expect(await Promise.all(opsPorts.map((p) => answers(`http://127.0.0.1:${p}/readyz`)))).toEqual(opsPorts.map(() => true)),
        150_000,
        250,
      );
      expect(await answers(`http://127.0.0.1:${port}/health`)).toBe(true);
      await eventually(() => expect(started.output()).toContain('First start: created demo account "demo"'));
      const { code, ms } = await stopWith('SIGINT', started, /distributed: stopping every app/);
      expect({ code, output: code === 0 ? '' : started.output() }).toEqual({ code: 0, output: '' });
      expect(started.output()).toContain('distributed: stopping already');
      for (const app of ['gateway', 'order-lifecycle', 'quote', 'notes', 'webhook-dispatcher'])
        expect(started.output()).toContain(`${app} stopped`);
      expect(ms).toBeLessThan(40_000);
      expect(await answers(`http://127.0.0.1:${port}/health`)).toBe(false);
      expect(existsSync(join(dir.path, 'grpc-addresses.json'))).toBe(false);
      expect(existsSync(join(dir.path, 'running.json'))).toBe(false);
      expect(await Promise.all(opsPorts.map((p) => answers(`http://127.0.0.1:${p}/healthz`)))).toEqual(opsPorts.map(() => false));
    } finally {
      killGroup(started.child);
      dir.remove();
    }
  }, 240_000);
});
