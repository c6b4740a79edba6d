import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { ALL_TOPICS } from '@delivery/contracts';
import { DEFAULT_HANDLING } from '@delivery/event-bus';
import type { DemoSettings } from '@delivery/accounts';
import { claimDataDir, ensurePortsFree } from '@delivery/config';
import { outboundPolicyConfig, outboundPolicyFrom } from '@delivery/outbound';
import { z } from 'zod';
import { publishServiceAddresses } from '@delivery/rpc';
import { startKafkaMockBroker, startRedisServer, waitForPort } from '@delivery/testing';
import { prepareDemo } from './demo';

const ROOT = resolve(__dirname, '..', '..');

/** Each app's entry, listening ports and the environment that points it at the others. */
export const APPS = ['quote', 'order-lifecycle', 'notes', 'webhook-dispatcher', 'gateway'] as const;
export type AppName = (typeof APPS)[number] | 'sandbox-fleet';

export interface DistributedOptions {
  dataDir: string;
  /** The gateway's HTTP port; the gRPC and operations ports follow from `basePort`. */
  gatewayPort?: number;
  basePort?: number;
  /** Production servers; without them a throw-away redis-server and the Kafka-protocol mock broker are started. */
  redisUrl?: string;
  kafkaBrokers?: string;
  mongoUrl?: string;
  /** Extra environment for every app (webhook settings, sweep intervals, ...). */
  env?: Record<string, string>;
  /** Starts the sandbox fleet too, driving the fleet app with these credentials (else the demo's fleets, with `demo.sandbox`). */
  sandbox?: { clientId: string; clientSecret: string };
  /** The demo account on a first start, as the standalone makes it; with `sandbox`, the sandbox fleet drives its fleets. */
  demo?: { settings: DemoSettings; sandbox: boolean };
  /** Node options for every app, before its entry (`--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeOptions?: string[];
  /** Each line an app writes, with its name; the default prints `[app] line`. */
  onLine?: (app: AppName, line: string) => void;
}

export interface RunningApp {
  name: AppName;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Its last lines of output. */
  last: string[];
}

/**
 * The five apps (and the sandbox fleet) as separate processes, as on Kubernetes: each its
 * own `main.ts` with its own environment, talking gRPC, Kafka and Redis to the others.
 */
export async function startDistributed(options: DistributedOptions) {
  const base = options.basePort ?? 50_050;
  const grpc = { 'order-lifecycle': base + 1, quote: base + 2, notes: base + 3, 'webhook-dispatcher': base + 4 };
  const ops = (i: number) => String(base + 100 + i);
  const gatewayPort = options.gatewayPort ?? 8080;
  // Before anything changes: a second start on the same data or ports says so and leaves the first alone.
  await ensurePortsFree('127.0.0.1', {
    PORT: gatewayPort,
    ...Object.fromEntries(Object.entries(grpc).map(([app, port]) => [`BASE_PORT (${app}'s gRPC port, BASE_PORT+${port - base})`, port])),
    ...Object.fromEntries([0, 1, 2, 3, 4, 5].map((i) => [`BASE_PORT (an operations port, BASE_PORT+${100 + i})`, base + 100 + i])),
  });
  // Every app reads the openings from the same environment: theirs is the shape's policy.
  const outbound = outboundPolicyFrom(z.object(outboundPolicyConfig).parse({ ...process.env, ...options.env }));
  const claimed = claimDataDir(options.dataDir, 'distributed', outbound);
  const demo = options.demo
    ? await prepareDemo(options.demo.settings, options.demo.sandbox && !options.sandbox, {
        dataDir: options.dataDir,
        mongoUrl: options.mongoUrl,
        secretsKey: options.env?.SECRETS_KEY ?? process.env.SECRETS_KEY,
        previousSecretsKeys: options.env?.SECRETS_PREVIOUS_KEYS ?? process.env.SECRETS_PREVIOUS_KEYS,
      })
    : null;
  const sandboxApps = options.sandbox ? [options.sandbox] : (demo?.sandboxApps ?? []);
  // Every process it starts has a process group of its own: a terminal's Ctrl-C reaches the
  // launcher alone, which stops the apps in order and then the servers they use.
  const redis = options.redisUrl ? null : await startRedisServer('redis-server', { ownProcessGroup: true });
  const kafka = options.kafkaBrokers
    ? null
    : await startKafkaMockBroker([...ALL_TOPICS, DEFAULT_HANDLING.deadLetterTopic], { partitions: 3, ownProcessGroup: true });
  const shared: Record<string, string> = {
    DATA_DIR: options.dataDir,
    REDIS_URL: options.redisUrl ?? redis!.url,
    KAFKA_BROKERS: options.kafkaBrokers ?? kafka!.brokers.join(','),
    // kafkajs's idempotent producer does not start against librdkafka's mock cluster.
    ...(kafka && { KAFKA_IDEMPOTENT_PRODUCER: 'false' }),
    ...(options.mongoUrl && { MONGO_URL: options.mongoUrl }),
    ORDER_LIFECYCLE_ADDRESS: `127.0.0.1:${grpc['order-lifecycle']}`,
    QUOTE_ADDRESS: `127.0.0.1:${grpc.quote}`,
    NOTES_ADDRESS: `127.0.0.1:${grpc.notes}`,
    WEBHOOK_DISPATCHER_ADDRESS: `127.0.0.1:${grpc['webhook-dispatcher']}`,
    SHUTDOWN_DRAIN_MS: '0',
    ...options.env,
  };
  const own: Record<AppName, Record<string, string>> = {
    quote: { QUOTE_GRPC_ADDRESS: `127.0.0.1:${grpc.quote}`, OPS_PORT: ops(2) },
    'order-lifecycle': { ORDER_LIFECYCLE_GRPC_ADDRESS: `127.0.0.1:${grpc['order-lifecycle']}`, OPS_PORT: ops(1) },
    notes: { NOTES_GRPC_ADDRESS: `127.0.0.1:${grpc.notes}`, OPS_PORT: ops(3) },
    'webhook-dispatcher': { WEBHOOK_DISPATCHER_GRPC_ADDRESS: `127.0.0.1:${grpc['webhook-dispatcher']}`, OPS_PORT: ops(4) },
    gateway: { HOST: '127.0.0.1', PORT: String(gatewayPort), OPS_PORT: ops(0) },
    'sandbox-fleet': {
      GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
      SANDBOX_CLIENT_ID: sandboxApps.map((app) => app.clientId).join(','),
      SANDBOX_CLIENT_SECRET: sandboxApps.map((app) => app.clientSecret).join(','),
      OPS_PORT: ops(5),
    },
  };
  const onLine = options.onLine ?? ((app, line) => console.log(`[${app}] ${line}`));
  const running = new Map<AppName, RunningApp>();

  function launch(name: AppName): RunningApp {
    const child = spawn(process.execPath, [...(options.nodeOptions ?? []), '--import', 'tsx', join(ROOT, 'apps', name, 'src', 'main.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...shared, ...own[name] },
      // Its own process group, so a terminal's Ctrl-C reaches the launcher alone; the channel
      // tells it when the launcher is gone, however it ended.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    // Its last lines, to say why if it exits while starting.
    const last: string[] = [];
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        last.push(line);
        if (last.length > 15) last.shift();
        onLine(name, line);
      });
    }
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const app = { name, child, exited, last };
    running.set(name, app);
    return app;
  }

  /** Starts an app and waits until its operations port says it is ready. */
  async function start(name: AppName, timeoutMs = 60_000): Promise<void> {
    const app = launch(name);
    const port = Number(own[name].OPS_PORT);
    const deadline = Date.now() + timeoutMs;
    await Promise.race([
      waitForPort(port, timeoutMs),
      app.exited.then((code) => Promise.reject(new Error(`${name} exited with ${code} while starting:\n${app.last.join('\n')}`))),
    ]);
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`${name} was not ready within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`; resolves with its exit code. */
  async function stopApp(name: AppName, graceMs = 30_000): Promise<number | null> {
    const app = running.get(name);
    if (!app) return null;
    running.delete(name);
    if (app.child.exitCode !== null) return app.child.exitCode;
    app.child.kill('SIGTERM');
    const killer = setTimeout(() => app.child.kill('SIGKILL'), graceMs);
    const code = await app.exited;
    clearTimeout(killer);
    return code;
  }

  let unpublishAddresses = () => {};
  const stopAll = async () => {
    unpublishAddresses();
    for (const name of ['sandbox-fleet', 'gateway', 'notes', 'webhook-dispatcher', 'order-lifecycle', 'quote'] as const)
      await stopApp(name);
    await kafka?.stop();
    await redis?.stop();
    claimed.release();
  };

  try {
    // Callees first, so each app finds its peers ready.
    await Promise.all([start('quote'), start('webhook-dispatcher')]);
    await start('order-lifecycle');
    await start('notes');
    await start('gateway');
    if (sandboxApps.length > 0) await start('sandbox-fleet');
    unpublishAddresses = publishServiceAddresses(options.dataDir, { orderLifecycle: shared.ORDER_LIFECYCLE_ADDRESS! });
    claimed.started(`http://127.0.0.1:${gatewayPort}`);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    /** The demo app's credentials, on the first start only. */
    demoCredentials: demo?.credentials ?? null,
    opsUrl: (name: AppName) => `http://127.0.0.1:${own[name].OPS_PORT}`,
    env: shared,
    /** The process id of each running app. */
    pids: () => Object.fromEntries([...running].map(([name, app]) => [name, app.child.pid!])),
    start,
    stopApp,
    /** Kills an app with no chance to clean up, as a crashed pod. */
    kill: async (name: AppName) => {
      const app = running.get(name);
      running.delete(name);
      app?.child.kill('SIGKILL');
      await app?.exited;
    },
    stop: stopAll,
  };
}

export type Distributed = Awaited<ReturnType<typeof startDistributed>>;
