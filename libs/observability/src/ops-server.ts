import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics';

/** Something a process reaches: its own store, the bus, a peer. Throws (or times out) when unreachable. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<unknown>;
}

export interface OpsServer {
  port: number;
  /** Readiness goes false first on shutdown, so the load balancer stops sending before the app stops serving. */
  markStopping(): void;
  close(): Promise<void>;
}

const CHECK_TIMEOUT_MS = 2_000;
/** How often dependencies are looked at, in the background: a probe never waits on one. */
const DEPENDENCY_REFRESH_MS = 5_000;

async function runCheck(check: ReadinessCheck): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check.check(), timeout]);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

/** Each check's problem, or null when it answered. */
const runAll = (checks: readonly ReadinessCheck[]) => Promise.all(checks.map(async (c) => [c.name, await runCheck(c)] as const));

/**
 * Each app's operations port: `/healthz` (the process answers and is not wedged), `/readyz` (its own stores
 * answer: what it needs to serve its own requests) and `/metrics` (Prometheus text). What
 * it calls (peers, the bus, shared caches) is reported beside readiness and in
 * `dependency_up`, never making it unready: one dependency's blip must not take every
 * replica of every caller out of its Service, and a call that needs it answers 503 itself.
 * Apart from the API port, so the metrics are never on the public address and probes never
 * queue behind API calls.
 */
export async function startOpsServer(options: {
  host: string;
  port: number;
  metrics: Metrics;
  /** Each list is read at every probe: a process may add to them once its start is done. */
  checks: readonly ReadinessCheck[];
  dependencies?: readonly ReadinessCheck[];
  /** What says the process is wedged (a consumer stuck out of its group): `/healthz` fails, and the process is restarted. */
  liveness?: readonly ReadinessCheck[];
}): Promise<OpsServer> {
  const dependencies = options.dependencies ?? [];
  // What was last seen of each dependency. Probes and scrapes answer from it at once and start
  // a fresh look: a dependency that hangs (Redis gone, its connection retrying) would otherwise
  // hold /readyz past Kubernetes' one-second probe timeout, the unreadiness this port avoids.
  let reached: (readonly [string, string | null])[] = [];
  let looking: Promise<void> | null = null;
  const lookAtDependencies = () => {
    looking ??= runAll(dependencies)
      .then((results) => {
        reached = results;
        for (const [name, problem] of results) options.metrics.dependencyUp.set({ dependency: name }, problem === null ? 1 : 0);
      })
      .finally(() => (looking = null));
    return looking;
  };
  await lookAtDependencies();
  const watch = setInterval(lookAtDependencies, DEPENDENCY_REFRESH_MS);
  watch.unref();
  let stopping = false;
  const readiness = async () => {
    const results = await runAll(options.checks);
    const ready = !stopping && results.every(([, problem]) => problem === null);
    options.metrics.ready.set(ready ? 1 : 0);
    return { results, ready };
  };
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return answer(405, { error: 'GET only' });
    if (path === '/healthz') {
      runAll(options.liveness ?? []).then((results) => {
        const wedged = results.filter(([, problem]) => problem !== null);
        if (wedged.length === 0) return answer(200, { status: 'alive' });
        answer(503, { status: 'wedged', checks: Object.fromEntries(wedged) });
      });
      return;
    }
    if (path === '/metrics') {
      void lookAtDependencies();
      // A scrape reads readiness as a probe would, so `app_ready` holds where nothing probes (compose, a VM).
      readiness()
        .then(() => options.metrics.registry.metrics())
        .then(
          (text) => answer(200, text, options.metrics.registry.contentType),
          (error: unknown) => answer(500, { error: String(error) }),
        );
      return;
    }
    if (path === '/readyz') {
      if (stopping) return answer(503, { status: 'stopping' });
      void lookAtDependencies();
      readiness().then(({ results, ready }) => {
        answer(ready ? 200 : 503, {
          status: ready ? 'ready' : 'not ready',
          checks: Object.fromEntries(results.map(([n, p]) => [n, p ?? 'ok'])),
          dependencies: Object.fromEntries(reached.map(([n, p]) => [n, p ?? 'ok'])),
        });
      });
      return;
    }
    answer(404, { error: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    markStopping: () => {
      stopping = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(watch);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
