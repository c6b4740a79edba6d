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
export const APPS = ['quote', 'order-lifecycle', 'notes', 'webhook-dispatcher', 'notifier', 'gateway'] as const;
export type AppName = (typeof APPS)[number] | 'sandbox-fleet';
/** The gRPC services. */
type ServiceApp = 'quote' | 'order-lifecycle' | 'notes' | 'webhook-dispatcher' | 'notifier';
/** The apps that may run as several replicas: the services and the gateway. */
export type ReplicatedApp = ServiceApp | 'gateway';
export const REPLICATED_APPS: readonly ReplicatedApp[] = ['gateway', 'quote', 'order-lifecycle', 'notes', 'webhook-dispatcher', 'notifier'];
/** One process of an app: the app's name for its first replica, `name#2` for its second, and so on. */
export type Instance = AppName | `${ReplicatedApp}#${number}`;
export const MAX_REPLICAS = 9;

/** The app an instance runs, and which of its replicas it is (0 for the first). */
export function instanceOf(instance: Instance): { app: AppName; replica: number } {
  const [app, n] = instance.split('#');
  return { app: app as AppName, replica: n ? Number(n) - 1 : 0 };
}

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
  /** Each line an app writes, with its instance; the default prints `[instance] line`. */
  onLine?: (instance: Instance, line: string) => void;
  /**
   * How many processes run each app (1 each by default): every client's target names all of a
   * service's replicas; the gateway's replicas listen on the ports after `gatewayPort`.
   */
  replicas?: Partial<Record<ReplicatedApp, number>>;
  /** An app that exits unasked is started again after a pause, as a kubelet restarts a pod's container (`npm run start:distributed`). */
  restartExited?: boolean;
  /** Partitions of each topic on the mock broker. */
  partitions?: number;
}

export interface RunningApp {
  name: Instance;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Its last lines of output. */
  last: string[];
}

/**
 * The six apps (and the sandbox fleet) as separate processes, as on Kubernetes: each its
 * own `main.ts` with its own environment, talking gRPC, Kafka and Redis to the others.
 */
export async function startDistributed(options: DistributedOptions) {
  const base = options.basePort ?? 50_050;
  const serviceIndex: Record<ServiceApp, number> = { 'order-lifecycle': 1, quote: 2, notes: 3, 'webhook-dispatcher': 4, notifier: 6 };
  const replicas = (app: ReplicatedApp) => options.replicas?.[app] ?? 1;
  for (const app of REPLICATED_APPS) {
    if (!Number.isInteger(replicas(app)) || replicas(app) < 1 || replicas(app) > MAX_REPLICAS)
      throw new Error(`replicas of ${app}: from 1 to ${MAX_REPLICAS}`);
  }
  // A replica's ports are its first's, 10 further on per replica.
  const grpcPort = (app: ServiceApp, replica: number) => base + serviceIndex[app] + 10 * replica;
  const appIndex: Record<AppName, number> = { ...serviceIndex, gateway: 0, 'sandbox-fleet': 5 };
  const opsPort = (app: AppName, replica: number) => base + 100 + appIndex[app] + 10 * replica;
  const instances: Instance[] = [
    'sandbox-fleet',
    ...REPLICATED_APPS.flatMap((app) => Array.from({ length: replicas(app) }, (_, i): Instance => (i === 0 ? app : `${app}#${i + 1}`))),
  ];
  const gatewayPort = options.gatewayPort ?? 8080;
  const httpPort = (replica: number) => gatewayPort + replica;
  // Before anything changes: a second start on the same data or ports says so and leaves the first alone.
  await ensurePortsFree('127.0.0.1', {
    ...Object.fromEntries(
      Array.from({ length: replicas('gateway') }, (_, i) => [i === 0 ? 'PORT' : `PORT (gateway#${i + 1}'s, PORT+${i})`, httpPort(i)]),
    ),
    ...Object.fromEntries(
      instances.flatMap((instance) => {
        const { app, replica } = instanceOf(instance);
        const ops: [string, number][] = [[`BASE_PORT (${instance}'s operations port)`, opsPort(app, replica)]];
        return app in serviceIndex ? [...ops, [`BASE_PORT (${instance}'s gRPC port)`, grpcPort(app as ServiceApp, replica)]] : ops;
      }),
    ),
  });
  /** A service's gRPC target: its one address, or every replica's for round_robin. */
  const target = (app: ServiceApp) =>
    replicas(app) === 1
      ? `127.0.0.1:${grpcPort(app, 0)}`
      : `ipv4:${Array.from({ length: replicas(app) }, (_, i) => `127.0.0.1:${grpcPort(app, i)}`).join(',')}`;
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
    : await startKafkaMockBroker([...ALL_TOPICS, DEFAULT_HANDLING.deadLetterTopic], {
        partitions: options.partitions ?? 3,
        ownProcessGroup: true,
      });
  const shared: Record<string, string> = {
    DATA_DIR: options.dataDir,
    REDIS_URL: options.redisUrl ?? redis!.url,
    KAFKA_BROKERS: options.kafkaBrokers ?? kafka!.brokers.join(','),
    // kafkajs's idempotent producer does not start against librdkafka's mock cluster.
    ...(kafka && { KAFKA_IDEMPOTENT_PRODUCER: 'false' }),
    ...(options.mongoUrl && { MONGO_URL: options.mongoUrl }),
    ORDER_LIFECYCLE_ADDRESS: target('order-lifecycle'),
    QUOTE_ADDRESS: target('quote'),
    NOTES_ADDRESS: target('notes'),
    WEBHOOK_DISPATCHER_ADDRESS: target('webhook-dispatcher'),
    NOTIFIER_ADDRESS: target('notifier'),
    SHUTDOWN_DRAIN_MS: '0',
    ...options.env,
  };
  const listening = (app: ServiceApp, replica: number) => `127.0.0.1:${grpcPort(app, replica)}`;
  const own = (instance: Instance): Record<string, string> => {
    const { app, replica } = instanceOf(instance);
    const OPS_PORT = String(opsPort(app, replica));
    switch (app) {
      case 'quote':
        return { QUOTE_GRPC_ADDRESS: listening(app, replica), OPS_PORT };
      case 'order-lifecycle':
        return { ORDER_LIFECYCLE_GRPC_ADDRESS: listening(app, replica), OPS_PORT };
      case 'notes':
        return { NOTES_GRPC_ADDRESS: listening(app, replica), OPS_PORT };
      case 'webhook-dispatcher':
        return { WEBHOOK_DISPATCHER_GRPC_ADDRESS: listening(app, replica), OPS_PORT };
      case 'notifier':
        // The links in messages, and Twilio's callbacks, reach the gateway here unless the environment says where.
        return {
          NOTIFIER_GRPC_ADDRESS: listening(app, replica),
          OPS_PORT,
          PUBLIC_BASE_URL: shared.PUBLIC_BASE_URL ?? `http://127.0.0.1:${gatewayPort}`,
        };
      case 'gateway':
        return { HOST: '127.0.0.1', PORT: String(httpPort(replica)), OPS_PORT };
      case 'sandbox-fleet':
        return {
          GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
          SANDBOX_CLIENT_ID: sandboxApps.map((sandboxApp) => sandboxApp.clientId).join(','),
          SANDBOX_CLIENT_SECRET: sandboxApps.map((sandboxApp) => sandboxApp.clientSecret).join(','),
          OPS_PORT,
        };
    }
  };
  const onLine = options.onLine ?? ((instance, line) => console.log(`[${instance}] ${line}`));
  const running = new Map<Instance, RunningApp>();

  /** Starts an app's process from the sources under `root`: this checkout, or another version's. */
  function launch(name: Instance, root: string): RunningApp {
    const { app: entry } = instanceOf(name);
    const child = spawn(
      process.execPath,
      [...(options.nodeOptions ?? []), '--import', 'tsx', join(root, 'apps', entry, 'src', 'main.ts')],
      {
        cwd: root,
        env: { ...process.env, ...shared, ...own(name) },
        // Its own process group, so a terminal's Ctrl-C reaches the launcher alone; the channel
        // tells it when the launcher is gone, however it ended.
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        detached: true,
      },
    );
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
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      // Still ours: nobody stopped or killed it through the launcher.
      if (running.get(name) !== app) return;
      running.delete(name);
      if (options.restartExited && !stopping) restartLater(name, code ?? signal, Date.now() - startedAt);
    });
    return app;
  }

  /** Consecutive restarts of each instance, for its pause: 1 s, doubling to 30 s, from 1 again once it ran a minute. */
  const restarts = new Map<Instance, number>();
  const restartTimers = new Set<NodeJS.Timeout>();
  function restartLater(name: Instance, how: number | string | null, ranMs: number): void {
    const count = ranMs > 60_000 ? 0 : (restarts.get(name) ?? 0);
    restarts.set(name, count + 1);
    const pauseMs = Math.min(1_000 * 2 ** count, 30_000);
    onLine(name, `launcher: exited (${how}) unasked; starting it again in ${pauseMs / 1000} s`);
    const timer = setTimeout(() => {
      restartTimers.delete(timer);
      if (stopping) return;
      start(name).then(
        () => onLine(name, 'launcher: started again and ready'),
        (error: unknown) => onLine(name, `launcher: not started again: ${error instanceof Error ? error.message : String(error)}`),
      );
    }, pauseMs);
    restartTimers.add(timer);
  }

  /**
   * Starts an app and waits until its operations port says it is ready; from `root`, another
   * version's sources with their own node_modules (a rolling deploy's older or newer app).
   */
  async function start(name: Instance, timeoutMs = 60_000, root = ROOT): Promise<void> {
    const app = launch(name, root);
    publishProcesses();
    const port = Number(own(name).OPS_PORT);
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
  async function stopApp(name: Instance, graceMs = 30_000): Promise<number | null> {
    const app = running.get(name);
    if (!app) return null;
    running.delete(name);
    publishProcesses();
    if (app.child.exitCode !== null) return app.child.exitCode;
    app.child.kill('SIGTERM');
    const killer = setTimeout(() => app.child.kill('SIGKILL'), graceMs);
    const code = await app.exited;
    clearTimeout(killer);
    return code;
  }

  /** Where each process runs, in the data directory's `running.json` once the shape is up: for an operator's scripts. */
  let published = false;
  const processTable = () =>
    Object.fromEntries(
      [...running].map(([name, app]) => {
        const { app: entry, replica } = instanceOf(name);
        const listens =
          entry === 'gateway' ? `http://127.0.0.1:${httpPort(replica)}` : entry === 'sandbox-fleet' ? null : listening(entry, replica);
        return [name, { pid: app.child.pid!, ops: `http://127.0.0.1:${own(name).OPS_PORT}`, ...(listens && { listens }) }];
      }),
    );
  function publishProcesses(): void {
    if (published) claimed.processes(processTable());
  }

  let unpublishAddresses = () => {};
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    for (const timer of restartTimers) clearTimeout(timer);
    unpublishAddresses();
    const order: AppName[] = ['sandbox-fleet', 'gateway', 'notes', 'notifier', 'webhook-dispatcher', 'order-lifecycle', 'quote'];
    // Replicas of an app one after another: a consumer leaving its group while the group's other
    // members are leaving too waits out the rebalance they cause (up to its stop deadline),
    // where one leaving at a time hands its partitions over at once.
    for (const app of order) {
      for (const name of [...running.keys()].filter((instance) => instanceOf(instance).app === app)) await stopApp(name);
    }
    await kafka?.stop();
    await redis?.stop();
    claimed.release();
  };

  try {
    // Callees first, so each app finds its peers ready.
    const replicasOf = (app: ReplicatedApp) => instances.filter((instance) => instanceOf(instance).app === app);
    await Promise.all([...replicasOf('quote'), ...replicasOf('webhook-dispatcher')].map((name) => start(name)));
    await Promise.all(replicasOf('order-lifecycle').map((name) => start(name)));
    await Promise.all([...replicasOf('notes'), ...replicasOf('notifier')].map((name) => start(name)));
    await Promise.all(replicasOf('gateway').map((name) => start(name)));
    if (sandboxApps.length > 0) await start('sandbox-fleet');
    unpublishAddresses = publishServiceAddresses(options.dataDir, { orderLifecycle: shared.ORDER_LIFECYCLE_ADDRESS! });
    claimed.started(`http://127.0.0.1:${gatewayPort}`);
    published = true;
    publishProcesses();
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    /** Each gateway replica's address, the first's first. */
    gatewayUrls: Array.from({ length: replicas('gateway') }, (_, i) => `http://127.0.0.1:${httpPort(i)}`),
    /** The demo app's credentials, on the first start only. */
    demoCredentials: demo?.credentials ?? null,
    opsUrl: (name: Instance) => `http://127.0.0.1:${own(name).OPS_PORT}`,
    /** Every process of the shape, running or not. */
    instances,
    env: shared,
    /** Each running process: its pid, operations URL and where it listens (also in `runningFile`). */
    processes: processTable,
    runningFile: join(options.dataDir, 'running.json'),
    /** The process id of each running app. */
    pids: (): Record<string, number> => Object.fromEntries([...running].map(([name, app]) => [name, app.child.pid!])),
    /** The servers the shape started (none when it was given its own). */
    redis,
    kafka,
    start,
    stopApp,
    /** Kills an app with no chance to clean up, as a crashed pod. */
    kill: async (name: Instance) => {
      const app = running.get(name);
      running.delete(name);
      publishProcesses();
      app?.child.kill('SIGKILL');
      await app?.exited;
    },
    stop: stopAll,
  };
}

export type Distributed = Awaited<ReturnType<typeof startDistributed>>;
