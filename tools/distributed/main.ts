import { resolve } from 'node:path';
import { z } from 'zod';
import { demoAccountConfig, demoSettingsFrom, firstStartLines } from '@delivery/accounts';
import { InstanceInUse, loadConfig } from '@delivery/config';
import { startDistributed, type Distributed } from './launch';
import { parseReplicas } from './replicas-option';

/**
 * `npm run start:distributed`: the apps as separate processes on this machine, against
 * REDIS_URL, KAFKA_BROKERS and MONGO_URL when given, else against a throw-away redis-server,
 * the Kafka-protocol mock broker and embedded stores under DATA_DIR (default ./data-distributed).
 * Like `npm start`, a first start creates the demo account, and the sandbox fleet drives its fleets.
 * Ctrl-C (or SIGTERM) stops every app gracefully, then the servers it started, and exits 0.
 * `-- --replicas order-lifecycle=2,gateway=2` runs several processes of an app; an app that
 * exits unasked is started again, as a kubelet would.
 */
async function main() {
  const env = process.env;
  // A Ctrl-C reaches this process from the terminal and again from npm: every signal after
  // the first is noted, and the stop goes on (each app's SHUTDOWN_TIMEOUT_MS bounds it). The
  // apps have process groups of their own, so this process stops them, during a start too.
  let running: Distributed | null = null;
  let stopping = false;
  const stop = () => {
    if (stopping) return console.log('distributed: stopping already, app by app');
    stopping = true;
    console.log('distributed: stopping every app, then the servers it started');
    running?.stop().then(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  // Its output may go to a reader the same Ctrl-C ended (`| tee`): a closed pipe must not cut
  // the stop short and leave the apps, redis-server and the broker running.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  const replicas = parseReplicas(process.argv.slice(2));
  if ('error' in replicas) {
    console.error(`not started: ${replicas.error}`);
    process.exit(2);
  }
  const demoConfig = loadConfig(z.object(demoAccountConfig));
  const demo = demoSettingsFrom(demoConfig);
  running = await startDistributed({
    dataDir: resolve(env.DATA_DIR ?? './data-distributed'),
    gatewayPort: Number(env.PORT ?? 8080),
    // The apps' gRPC ports are BASE_PORT+1..4, their operations ports BASE_PORT+100..105.
    basePort: Number(env.BASE_PORT ?? 50_050),
    redisUrl: env.REDIS_URL,
    kafkaBrokers: env.KAFKA_BROKERS,
    mongoUrl: env.MONGO_URL,
    sandbox:
      env.SANDBOX_CLIENT_ID && env.SANDBOX_CLIENT_SECRET
        ? { clientId: env.SANDBOX_CLIENT_ID, clientSecret: env.SANDBOX_CLIENT_SECRET }
        : undefined,
    demo: demo ? { settings: demo, sandbox: demoConfig.DEMO_SANDBOX } : undefined,
    replicas: replicas.replicas,
    restartExited: true,
  });
  if (stopping) return void running.stop().then(() => process.exit(0));
  console.log(`\ndistributed: gateway on ${running.gatewayUrls.join(' and ')}; each process (also in ${running.runningFile}):`);
  for (const [instance, { pid, ops, listens }] of Object.entries(running.processes()))
    console.log(`  ${instance.padEnd(22)} pid ${String(pid).padEnd(8)} ${(listens ?? '').padEnd(24)} /healthz, /readyz, /metrics: ${ops}`);
  console.log(`accounts: npm run admin -- create-account --name NAME (see the README)\n`);
  if (running.demoCredentials) console.log(firstStartLines(running.demoCredentials, demo!, running.gatewayUrl));
}

main().catch((error: unknown) => {
  // Another instance holds the data or a port: its reason alone, nothing was changed.
  console.error(error instanceof InstanceInUse ? `not started: ${error.message}` : error);
  process.exit(1);
});
