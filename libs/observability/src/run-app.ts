import { exitWithin } from './exit-watchdog';
import { stopTracing } from './tracing';
import type { Logger } from 'pino';
import { consoleLike, createLogger, type AppLogger } from './logger';
import { Metrics } from './metrics';
import { startOpsServer, type ReadinessCheck } from './ops-server';

export interface AppContext {
  log: Logger;
  logger: AppLogger;
  metrics: Metrics;
}

export interface RunningApp {
  /** What it needs to serve its own requests (its own stores): readiness. */
  checks: readonly ReadinessCheck[];
  /** What it calls (peers, the bus, shared caches): reported on /readyz and in `dependency_up`, never readiness. */
  dependencies?: readonly ReadinessCheck[];
  /** What says it is wedged, beyond what it mends by itself: `/healthz` fails and the orchestrator restarts it. */
  liveness?: readonly ReadinessCheck[];
  /** Stops taking work, finishes what is in flight, flushes and closes its clients. */
  stop(): Promise<void>;
}

export interface OpsSettings {
  OPS_HOST: string;
  OPS_PORT: number;
  /** How long readiness reads false before the app stops serving, for load balancers to notice. */
  SHUTDOWN_DRAIN_MS: number;
  /** The longest a stop may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: number;
  LOG_LEVEL: string;
}

/**
 * The life of an app's process: JSON logs, metrics, the operations port, and on SIGTERM or
 * SIGINT a graceful stop: readiness false, a drain pause, `stop()`, exit, all within
 * SHUTDOWN_TIMEOUT_MS (and, should the exit itself hang, killed a second later by exitWithin).
 * A start that fails logs why and exits non-zero, for the orchestrator.
 *
 * Once started, the handlers stay for the rest of the process's life: a terminal's Ctrl-C
 * reaches every process of its group, and npm passes it on too, so one key press can arrive
 * twice, and an impatient operator presses it again; any signal after the first is noted,
 * never obeyed, and SHUTDOWN_TIMEOUT_MS is what ends a stop that hangs. During the start a
 * signal does what it does by default (ends the process): a start that failed can hang in
 * `process.exit` (the thread pool waiting on a store's thread), where a handler of ours
 * would never run and the signal would be lost.
 */
export function runApp(name: string, ops: OpsSettings, start: (context: AppContext) => Promise<RunningApp>): void {
  const log = createLogger(name, undefined, ops.LOG_LEVEL);
  const context: AppContext = { log, logger: consoleLike(log), metrics: new Metrics().withProcessMetrics() };
  const failed = (what: string) => (error: unknown) => {
    log.fatal({ err: error }, what);
    log.flush();
    // The exit itself can hang on a store's worker thread: a second at most.
    exitWithin(1_000);
    process.exit(1);
  };
  (async () => {
    // The operations port opens first: a start can wait on others (a consumer group rebalancing
    // after a crash holds a join up to its session and rebalance timeouts), and a startup probe
    // must see the process alive meanwhile. Until the start is done it reads not ready.
    const checks: ReadinessCheck[] = [{ name: 'start', check: () => Promise.reject(new Error('starting')) }];
    const dependencies: ReadinessCheck[] = [];
    const liveness: ReadinessCheck[] = [];
    const server = await startOpsServer({
      host: ops.OPS_HOST,
      port: ops.OPS_PORT,
      metrics: context.metrics,
      checks,
      dependencies,
      liveness,
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') throw error;
      // A second start on the same port, before it changes anything: said in a line of its own.
      console.error(`not started: port ${ops.OPS_PORT} (OPS_PORT) is in use already: stop what listens there, or set OPS_PORT`);
      return process.exit(1);
    });
    // Started by a launcher with a channel to it (the distributed shape): a launcher gone, even
    // killed, stops the app too; while it starts, which may take a minute, it exits at once.
    let stopOnce: ((signal: string) => void) | null = null;
    if (process.send) {
      process.once('disconnect', () =>
        stopOnce ? stopOnce('launcher gone') : failed(`${name}'s launcher is gone while it starts`)(new Error('launcher gone')),
      );
    }
    const running = await start(context);
    checks.splice(0, checks.length, ...running.checks);
    dependencies.push(...(running.dependencies ?? []));
    liveness.push(...(running.liveness ?? []));
    log.info({ opsPort: server.port }, `${name} started; /healthz, /readyz and /metrics on port ${server.port}`);
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return log.info({ signal }, `${name} is stopping already; it exits within ${ops.SHUTDOWN_TIMEOUT_MS} ms`);
      stopping = true;
      log.info({ signal }, `${name} stopping`);
      // The deadline below runs on this event loop, which a hung exit no longer turns: this one cannot hang.
      exitWithin(ops.SHUTDOWN_TIMEOUT_MS + 1_000);
      server.markStopping();
      const deadline = setTimeout(() => failed(`${name} did not stop within ${ops.SHUTDOWN_TIMEOUT_MS} ms`)(null), ops.SHUTDOWN_TIMEOUT_MS);
      deadline.unref();
      new Promise((resolve) => setTimeout(resolve, ops.SHUTDOWN_DRAIN_MS))
        .then(() => running.stop())
        .then(() => server.close())
        // The spans of the last requests go out before the process does.
        .then(() => stopTracing())
        .then(
          () => {
            log.info(`${name} stopped`);
            log.flush();
            process.exit(0);
          },
          failed(`${name} did not stop cleanly`),
        );
    };
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
    stopOnce = stop;
  })().catch(failed(`${name} failed to start`));
}
