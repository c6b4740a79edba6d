import { spawn } from 'node:child_process';

/**
 * Makes sure this process is gone within `ms`, whatever holds it: a small detached process
 * that SIGKILLs it then, if it is still alive. A timer of our own cannot do this: `process.exit`
 * can hang inside libuv's thread-pool cleanup, joining a worker that waits for callbacks that
 * will never run (lmdb-js issue 336: a write waiting for its callbacks), and no timer runs
 * there. Started once a stop or a failed start begins.
 */
export function exitWithin(ms: number): void {
  const pid = process.pid;
  // The watchdog is our child while we live: once its parent is another (we exited, it was
  // adopted), it stops at once, so it never kills a process that took our pid since.
  const script = [
    `setInterval(() => process.ppid !== ${pid} && process.exit(0), 50);`,
    `setTimeout(() => { if (process.ppid === ${pid}) process.kill(${pid}, 'SIGKILL'); process.exit(0); }, ${Math.max(0, Math.round(ms))});`,
  ].join('');
  try {
    const watchdog = spawn(process.execPath, ['-e', script], { detached: true, stdio: 'ignore' });
    watchdog.on('error', () => undefined);
    watchdog.unref();
  } catch {
    // No process to spare (EAGAIN, EMFILE): the stop goes on, bounded by the orchestrator's kill as before.
  }
}
