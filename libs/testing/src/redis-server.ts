import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'node:net';
import { freePort } from './free-port';

export interface ThrowAwayRedis {
  url: string;
  /** Its process (in a group of its own with `ownProcessGroup`), to pause or reap. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * What ends a redis-server whose parent died without stopping it (SIGKILLed): a process that
 * holds a pipe from the parent and, when the pipe closes, however the parent ended, stops it.
 * redis-server has no way of its own to follow its parent.
 */
const GUARD = `
const pid = Number(process.argv[1]);
const signal = (name) => { try { process.kill(pid, name); } catch {} };
process.stdin.on('data', () => undefined);
process.stdin.on('close', () => {
  signal('SIGTERM');
  setTimeout(() => { signal('SIGKILL'); process.exit(0); }, 2000);
});
`;

/**
 * Starts Debian's `redis-server` on a free loopback port (or `port`, to start one again where
 * it was) with no persistence. `ownProcessGroup` keeps a terminal's Ctrl-C, meant for its
 * parent, from stopping it before the apps using it; it still ends with its parent (a guard
 * process stops it once the parent is gone), as the Kafka mock broker does.
 */
export async function startRedisServer(
  binary = 'redis-server',
  { ownProcessGroup = false, port: given }: { ownProcessGroup?: boolean; port?: number } = {},
): Promise<ThrowAwayRedis> {
  const port = given ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'redis-'));
  const child: ChildProcess = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore', detached: ownProcessGroup },
  );
  const exited = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  const guard = ownProcessGroup
    ? spawn(process.execPath, ['-e', GUARD, String(child.pid)], { stdio: ['pipe', 'ignore', 'ignore'], detached: true })
    : null;
  // The guard's pipe must not hold this process open, nor its exit be waited on.
  guard?.unref();
  (guard?.stdin as unknown as { unref(): void } | null)?.unref();
  await Promise.race([waitForPort(port, 10_000), exited]);
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      // Stopped already (a test's outage, then a server started again on its port): only its files are left.
      guard?.kill('SIGKILL');
      if (child.exitCode !== null || child.signalCode !== null) return rmSync(dir, { recursive: true, force: true });
      child.removeAllListeners('exit');
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
