/**
 * What telling the recipient costs Create Order (issue 37): the standalone's CPU per order
 * with every moment on, against the same system with every moment off (`off`). On, in two
 * ways: `kept`, no provider set (as `npm start` has it: each message rendered and kept, "not
 * sent: no provider"), and `sent`, both channels configured (SMS to a fake of Twilio's Messages
 * API, e-mail over TLS to a real SMTP server, both in a process of their own as the providers are). Orders are offered at a fixed rate
 * (BENCH_AB_ORDERS_PER_SECOND, 100) for BENCH_SECONDS (15) after a warm-up; the CPU counted is
 * the standalone process's from the first order until every message went out and it is idle
 * again, less its idle CPU over that time, so work an order leaves behind is counted too. The
 * two alternate BENCH_RUNS times (3), each beside an express echo's CPU per call measured in
 * the same run. The goal: the median "on" costs at most 10 % more than the median "off".
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_NOTIFICATION_SETTINGS, generateSecretsKey, withSealedSecrets, type NotificationSettings } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { freePort, tempDataDir, waitForPort } from '@delivery/testing';
import type { ProvidersMessage } from './notification-providers';
import { BENCH_ACCOUNT, prepareBenchAccount } from './load/bench-account';
import { processTicks, TICKS_PER_SECOND } from './load/cpu-time';
import { openLoop } from './load/open-loop';
import { NO_LIMITS, ORDER_BODY, ORDERS_PATH, tokenFor } from './load/orders-api';
import { idleTicksPerSecond, spawnNode, waitReady, waitUntilQuiet } from './load/processes';
import { wallClock } from './wall-clock';

const perSecond = Number(process.env.BENCH_AB_ORDERS_PER_SECOND ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const runs = Number(process.env.BENCH_RUNS ?? 3);
/** The moment an order reaches as it is created (dispatched to the bench's own fleet): an SMS and an e-mail. */
const MESSAGES_PER_ORDER = 2;
/** BENCH_PROFILE=<dir>: each standalone's .cpuprofile goes under it (a viewer, or bench/load/cpu-profile.ts, reads it). */
const profileDir = process.env.BENCH_PROFILE;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Providers = Extract<ProvidersMessage, { kind: 'listening' }> & { sent(): number; stop(): void };

async function startProviders(): Promise<Providers> {
  const child = fork(join(__dirname, 'notification-providers.ts'));
  const received = { sms: 0, emails: 0 };
  const where = await new Promise<Extract<ProvidersMessage, { kind: 'listening' }>>((resolve) =>
    child.on('message', (message: ProvidersMessage) => {
      if (message.kind === 'listening') resolve(message);
      else Object.assign(received, { sms: message.sms, emails: message.emails });
    }),
  );
  return { ...where, sent: () => received.sms + received.emails, stop: () => child.disconnect() };
}

type Variant = 'off' | 'kept' | 'sent';

const settingsOf = (variant: Variant, providers: Providers): NotificationSettings =>
  variant === 'kept'
    ? { ...DEFAULT_NOTIFICATION_SETTINGS, quietHours: null }
    : variant === 'sent'
      ? {
          ...DEFAULT_NOTIFICATION_SETTINGS,
          quietHours: null,
          sms: {
            accountSid: providers.account.accountSid,
            authToken: providers.account.authToken,
            apiKey: null,
            from: providers.account.numbers[0]!,
            messagingServiceSid: null,
            baseUrl: providers.twilioBaseUrl,
          },
          email: {
            host: 'localhost',
            port: providers.smtpPort,
            security: 'tls',
            auth: { user: 'bench', password: 'bench' },
            from: 'b@bench.example',
          },
        }
      : {
          ...DEFAULT_NOTIFICATION_SETTINGS,
          moments: Object.fromEntries(
            Object.keys(DEFAULT_NOTIFICATION_SETTINGS.moments).map((m) => [m, false]),
          ) as NotificationSettings['moments'],
        };

/** A standalone process on a fresh data dir whose account tells recipients (`kept`, `sent`) or not (`off`); its CPU per order. */
async function cpuPerOrder(variant: Variant, providers: Providers): Promise<{ order: number; echo: number }> {
  const dir = tempDataDir(`bench-ab-${variant}-`);
  const secretsKey = generateSecretsKey();
  const credentials = await prepareBenchAccount(dir.path);
  const store = openEmbeddedStore(join(dir.path, 'accounts'));
  const accounts = withSealedSecrets(new EmbeddedAccountRepository(store), { SECRETS_KEY: secretsKey, DATA_DIR: dir.path });
  await accounts.setDeliveryPolicies(BENCH_ACCOUNT, { notifications: settingsOf(variant, providers) });
  await accounts.close();
  await store.close();
  const caFile = join(dir.path, 'smtp-ca.pem');
  writeFileSync(caFile, providers.ca);
  const [port, opsPort] = [await freePort(), await freePort()];
  const app = spawnNode(
    'apps/standalone/src/main.ts',
    {
      DATA_DIR: dir.path,
      PORT: String(port),
      OPS_PORT: String(opsPort),
      DEMO_ACCOUNT: 'false',
      SECRETS_KEY: secretsKey,
      OUTBOUND_ALLOW_HTTP: 'true',
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
      NOTIFIER_SMTP_CA_FILE: caFile,
      ...NO_LIMITS,
    },
    ['--max-semi-space-size=64', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, variant)}`] : [])],
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
    /** Until every message of the orders so far is with its provider (none when off), then idle again. */
    const settled = async (orders: number, idle: number) => {
      const expected = variant === 'sent' ? orders * MESSAGES_PER_ORDER : 0;
      const deadline = wallClock() + 120_000;
      while (variant === 'sent' && providers.sent() - sentBefore < expected && wallClock() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (providers.sent() - sentBefore < expected)
        throw new Error(`${variant}: ${providers.sent() - sentBefore} of ${expected} messages sent`);
      await waitUntilQuiet([pid], idle);
    };
    const idle = await idleTicksPerSecond([pid], 5);
    let sentBefore = providers.sent();
    const warm = await openLoop(perSecond, warmupSeconds * 1000, send(`w${variant}${Date.now()}-`));
    await settled(warm.statuses[200] ?? 0, idle);
    sentBefore = providers.sent();
    const [ticksBefore, startedAt] = [processTicks(pid), wallClock()];
    const tally = await openLoop(perSecond, seconds * 1000, send(`m${variant}${Date.now()}-`));
    const orders = tally.statuses[200] ?? 0;
    if (orders !== Object.values(tally.statuses).reduce((a, b) => a + b, 0))
      throw new Error(`not every order was taken: ${JSON.stringify(tally.statuses)}`);
    await settled(orders, idle);
    const busyTicks = processTicks(pid) - ticksBefore - (idle * (wallClock() - startedAt)) / 1000;
    const order = (busyTicks * 1000) / TICKS_PER_SECOND / orders;
    const echo = await echoCpuPerCall();
    console.log(
      `  ${variant.padEnd(4)} ${orders} orders, ${variant === 'sent' ? `${providers.sent() - sentBefore} messages sent, ` : ''}` +
        `CPU ${order.toFixed(3)} ms/order (${(order / echo).toFixed(2)} x the echo's ${echo.toFixed(3)} ms/call)`,
    );
    return { order, echo };
  } finally {
    await app.stop();
    dir.remove();
  }
}

/** An express JSON echo's CPU per call at the same offered rate and body: the run's baseline. */
async function echoCpuPerCall(): Promise<number> {
  const port = await freePort();
  const echo = spawnNode('bench/load/echo-server.ts', { PORT: String(port) });
  try {
    await waitForPort(port, 30_000);
    const call = () =>
      fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ORDER_BODY });
    await openLoop(perSecond, warmupSeconds * 1000, call);
    const before = processTicks(echo.child.pid!);
    const tally = await openLoop(perSecond, seconds * 1000, call);
    return ((processTicks(echo.child.pid!) - before) * 1000) / TICKS_PER_SECOND / (tally.statuses[200] ?? 1);
  } finally {
    await echo.stop();
  }
}

async function main() {
  const providers = await startProviders();
  console.log(
    `Create Order with every moment off, on with no provider (kept), and on with SMS and e-mail sent; ${perSecond} orders/s for ${seconds} s, ${runs} runs:`,
  );
  const figures: Record<Variant, { order: number; echo: number }[]> = { off: [], kept: [], sent: [] };
  try {
    for (let run = 1; run <= runs; run += 1) {
      console.log(` run ${run} of ${runs}`);
      // The order of the three turns each run, so a drift of the machine falls on all of them.
      const order: Variant[] = ['off', 'kept', 'sent'];
      for (let i = 0; i < order.length; i += 1) {
        const variant = order[(i + run - 1) % order.length]!;
        figures[variant].push(await cpuPerOrder(variant, providers));
      }
    }
  } finally {
    providers.stop();
  }
  const cpu = (variant: Variant) => median(figures[variant].map((f) => f.order));
  const overEcho = (variant: Variant) => median(figures[variant].map((f) => f.order / f.echo)).toFixed(2);
  const growth = (variant: Variant) => cpu(variant) / cpu('off') - 1;
  const percent = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)} %`;
  console.log(`  median CPU per order: off ${cpu('off').toFixed(3)} ms (${overEcho('off')} x echo)`);
  for (const variant of ['kept', 'sent'] as const) {
    const met = growth(variant) <= 0.1;
    console.log(
      `  ${variant}: ${cpu(variant).toFixed(3)} ms (${overEcho(variant)} x echo), ${percent(growth(variant))} over off: goal (at most +10 %) ${met ? 'met' : 'NOT met'}`,
    );
    if (!met) process.exitCode = 1;
  }
}

void main();
