import { join } from 'node:path';
import { generateSecretsKey, withSealedSecrets } from '@delivery/accounts';
import type { AccountRepository } from '@delivery/accounts/store';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { freePort, tempDataDir, waitForPort } from '@delivery/testing';
import { prepareBenchAccount } from './bench-account';
import { processTicks, TICKS_PER_SECOND } from './cpu-time';
import { openLoop } from './open-loop';
import { NO_LIMITS, ORDER_BODY, ORDERS_PATH, tokenFor } from './orders-api';
import { idleTicksPerSecond, spawnNode, waitReady, waitUntilQuiet } from './processes';
import { wallClock } from '../wall-clock';

/** How a shape is measured: Create Orders offered at `perSecond` for `seconds` after `warmupSeconds`. */
export interface OfferedLoad {
  perSecond: number;
  seconds: number;
  warmupSeconds: number;
}

export interface StandaloneShape {
  /** Its name in the figures (and its profile's directory). */
  name: string;
  /** The standalone's environment beyond its ports, data and limits. */
  env?: Record<string, string>;
  /** Sets the bench account up before the start (its secrets sealed with the run's key). */
  prepare?: (accounts: AccountRepository) => Promise<unknown>;
  /** Resolves once the work `orders` Create Orders left behind is done outside the process (messages with their providers). */
  done?: (orders: number) => Promise<void>;
  /** Writes the process's CPU profile under this directory. */
  profileDir?: string;
}

/**
 * The standalone's CPU per Create Order in `shape`: from the first order until the work they
 * leave is done and the process idle again, less its idle CPU over that time, so what an
 * order sets going after its answer is counted too; beside an express echo's CPU per call at
 * the same rate and body, measured in the same run.
 */
export async function standaloneCpuPerOrder(
  shape: StandaloneShape,
  load: OfferedLoad,
): Promise<{ order: number; echo: number; orders: number }> {
  const dir = tempDataDir(`bench-${shape.name}-`);
  const secretsKey = generateSecretsKey();
  const credentials = await prepareBenchAccount(dir.path);
  if (shape.prepare) {
    const store = openEmbeddedStore(join(dir.path, 'accounts'));
    const accounts = withSealedSecrets(new EmbeddedAccountRepository(store), { SECRETS_KEY: secretsKey, DATA_DIR: dir.path });
    try {
      await shape.prepare(accounts);
    } finally {
      await accounts.close();
      await store.close();
    }
  }
  const [port, opsPort] = [await freePort(), await freePort()];
  const app = spawnNode(
    'apps/standalone/src/main.ts',
    {
      DATA_DIR: dir.path,
      PORT: String(port),
      OPS_PORT: String(opsPort),
      DEMO_ACCOUNT: 'false',
      SECRETS_KEY: secretsKey,
      ...NO_LIMITS,
      ...shape.env,
    },
    ['--max-semi-space-size=64', ...(shape.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(shape.profileDir, shape.name)}`] : [])],
  );
  try {
    await waitReady(`http://127.0.0.1:${opsPort}`);
    const gateway = `http://127.0.0.1:${port}`;
    const token = await tokenFor(gateway, credentials);
    const pid = app.child.pid!;
    const send = (prefix: string) => (n: number) =>
      fetch(`${gateway}${ORDERS_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: ORDER_BODY.replaceAll('__N__', `${prefix}${n}`),
      });
    const settled = async (orders: number, idle: number) => {
      await shape.done?.(orders);
      await waitUntilQuiet([pid], idle);
    };
    const idle = await idleTicksPerSecond([pid], 5);
    const warm = await openLoop(load.perSecond, load.warmupSeconds * 1000, send(`w${shape.name}${Date.now()}-`));
    await settled(warm.statuses[200] ?? 0, idle);
    const [ticksBefore, startedAt] = [processTicks(pid), wallClock()];
    const tally = await openLoop(load.perSecond, load.seconds * 1000, send(`m${shape.name}${Date.now()}-`));
    const orders = tally.statuses[200] ?? 0;
    if (orders !== Object.values(tally.statuses).reduce((a, b) => a + b, 0)) {
      throw new Error(`${shape.name}: not every order was taken: ${JSON.stringify(tally.statuses)}`);
    }
    await settled(orders, idle);
    const busyTicks = processTicks(pid) - ticksBefore - (idle * (wallClock() - startedAt)) / 1000;
    const order = (busyTicks * 1000) / TICKS_PER_SECOND / orders;
    const echo = await echoCpuPerCall(load);
    console.log(
      `  ${shape.name.padEnd(10)} ${orders} orders, CPU ${order.toFixed(3)} ms/order (${(order / echo).toFixed(2)} x the echo's ${echo.toFixed(3)} ms/call)`,
    );
    return { order, echo, orders };
  } finally {
    await app.stop();
    dir.remove();
  }
}

/** An express JSON echo's CPU per call at the same offered rate and body: the run's baseline. */
async function echoCpuPerCall(load: OfferedLoad): Promise<number> {
  const port = await freePort();
  const echo = spawnNode('bench/load/echo-server.ts', { PORT: String(port) });
  try {
    await waitForPort(port, 30_000);
    const call = () =>
      fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ORDER_BODY });
    await openLoop(load.perSecond, load.warmupSeconds * 1000, call);
    const before = processTicks(echo.child.pid!);
    const tally = await openLoop(load.perSecond, load.seconds * 1000, call);
    return ((processTicks(echo.child.pid!) - before) * 1000) / TICKS_PER_SECOND / (tally.statuses[200] ?? 1);
  } finally {
    await echo.stop();
  }
}
