import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, freePort, randomBasePort, tempDataDir } from '@delivery/testing';

const ROOT = join(__dirname, '..', '..');

const answers = (url: string) =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

/** `npm <args>` as an operator runs it, in its own process, with what it printed kept for a failure. */
function npm(args: string[], env: Record<string, string>) {
  const child = spawn('npm', args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Signals the npm process itself and waits for it: its exit code and how long the stop took. */
async function stopWith(signal: NodeJS.Signals, child: ChildProcess, exited: Promise<number | null>) {
  const started = Date.now();
  child.kill(signal);
  const code = await exited;
  return { code, ms: Date.now() - started };
}

describe('stopping what the README starts', () => {
  it('`npm start` stops cleanly on SIGTERM: exit 0, within SHUTDOWN_TIMEOUT_MS, nothing left listening', async () => {
    const [port, opsPort] = [await freePort(), await freePort()];
    const dir = tempDataDir('npm-start-');
    const started = npm(['start'], { PORT: String(port), OPS_PORT: String(opsPort), DATA_DIR: dir.path, SHUTDOWN_DRAIN_MS: '0' });
    try {
      await eventually(async () => expect(await answers(`http://127.0.0.1:${opsPort}/readyz`)).toBe(true), 120_000, 200);
      expect(await answers(`http://127.0.0.1:${port}/health`)).toBe(true);
      const { code, ms } = await stopWith('SIGTERM', started.child, started.exited);
      expect({ code, output: code === 0 ? '' : started.output() }).toEqual({ code: 0, output: '' });
      expect(ms).toBeLessThan(25_000);
      expect(await answers(`http://127.0.0.1:${port}/health`)).toBe(false);
      expect(await answers(`http://127.0.0.1:${opsPort}/healthz`)).toBe(false);
    } finally {
      started.child.kill('SIGKILL');
      dir.remove();
    }
  }, 180_000);

  it('`npm run start:distributed` stops every process cleanly on SIGTERM, its ports the README states', async () => {
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
      const { code, ms } = await stopWith('SIGTERM', started.child, started.exited);
      expect({ code, output: code === 0 ? '' : started.output() }).toEqual({ code: 0, output: '' });
      expect(ms).toBeLessThan(25_000);
      expect(await answers(`http://127.0.0.1:${port}/health`)).toBe(false);
      expect(existsSync(join(dir.path, 'grpc-addresses.json'))).toBe(false);
      expect(await Promise.all(opsPorts.map((p) => answers(`http://127.0.0.1:${p}/healthz`)))).toEqual(opsPorts.map(() => false));
    } finally {
      started.child.kill('SIGKILL');
      dir.remove();
    }
  }, 240_000);
});
