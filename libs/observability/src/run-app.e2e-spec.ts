import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { eventually, freePort, waitForPort } from '@delivery/testing';

describe("an app's process", () => {
  it('opens its operations port before its start is done: alive and not ready, then ready, with its liveness checks in force', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'testing', 'held-start.fixture.ts')], {
      env: { ...process.env, OPS_PORT: String(port) },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const get = async (path: string) => {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`);
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    try {
      await waitForPort(port, 20_000);
      expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'alive' } });
      expect(await get('/readyz')).toMatchObject({ status: 503, body: { checks: { start: 'starting' } } });
      child.kill('SIGUSR2');
      await eventually(async () => expect(await get('/readyz')).toMatchObject({ status: 200, body: { checks: { store: 'ok' } } }));
      expect(await get('/healthz')).toEqual({
        status: 503,
        body: { status: 'wedged', checks: { consumers: 'out of its group for 301 s' } },
      });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);

  it.each([
    ['its exit hangs', {}],
    ['its stop and its exit hang', { HANG_STOP: '1' }],
  ])(
    'is gone within SHUTDOWN_TIMEOUT_MS and a second of a SIGTERM when %s (issue 50)',
    async (_name, env) => {
      for (let round = 0; round < 3; round += 1) {
        const port = await freePort();
        const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'testing', 'hung-exit.fixture.ts')], {
          env: { ...process.env, OPS_PORT: String(port), ...env },
          stdio: 'ignore',
        });
        const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
          child.once('exit', (code, signal) => resolve(signal ?? code)),
        );
        try {
          await waitForPort(port, 20_000);
          await eventually(async () => expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200));
          const sent = performance.now();
          child.kill('SIGTERM');
          // Killed by its watchdog: the exit never returns by itself.
          expect(await exited).toBe('SIGKILL');
          // The fixture's SHUTDOWN_TIMEOUT_MS (1 s), the watchdog's second, and a busy machine's slack.
          expect(performance.now() - sent).toBeLessThan(1_000 + 1_000 + 3_000);
        } finally {
          child.kill('SIGKILL');
        }
      }
    },
    90_000,
  );
});
