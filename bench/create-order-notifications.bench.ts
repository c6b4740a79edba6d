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
 * Each run also measures the floor under "sent": one order's SMS and e-mail through the
 * notifier's own Twilio and SMTP adapters, with nothing else (bench/load/provider-floor.ts).
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_NOTIFICATION_SETTINGS, MAX_MESSAGE_BUDGETS, type NotificationSettings } from '@delivery/accounts';
import { tempDataDir } from '@delivery/testing';
import type { ProvidersMessage } from './notification-providers';
import { BENCH_ACCOUNT } from './load/bench-account';
import { providerConversationsCpuPerOrder } from './load/provider-floor';
import { standaloneCpuPerOrder } from './load/standalone-cpu';
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

type Providers = Extract<ProvidersMessage, { kind: 'listening' }> & { caFile: string; sent(): number; stop(): void };

async function startProviders(): Promise<Providers> {
  const child = fork(join(__dirname, 'notification-providers.ts'));
  const received = { sms: 0, emails: 0 };
  const where = await new Promise<Extract<ProvidersMessage, { kind: 'listening' }>>((resolve) =>
    child.on('message', (message: ProvidersMessage) => {
      if (message.kind === 'listening') resolve(message);
      else Object.assign(received, { sms: message.sms, emails: message.emails });
    }),
  );
  // The SMTP server's certificate, for the standalone's NOTIFIER_SMTP_CA_FILE.
  const dir = tempDataDir('bench-smtp-ca-');
  const caFile = join(dir.path, 'smtp-ca.pem');
  writeFileSync(caFile, where.ca);
  return {
    ...where,
    caFile,
    sent: () => received.sms + received.emails,
    stop: () => {
      child.disconnect();
      dir.remove();
    },
  };
}

type Variant = 'off' | 'kept' | 'sent';

const settingsOf = (variant: Variant, providers: Providers): NotificationSettings =>
  variant === 'kept'
    ? { ...DEFAULT_NOTIFICATION_SETTINGS, quietHours: null }
    : variant === 'sent'
      ? {
          ...DEFAULT_NOTIFICATION_SETTINGS,
          quietHours: null,
          // Every order of the bench goes to one recipient: the budgets at their most, so each is sent.
          budgets: MAX_MESSAGE_BUDGETS,
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

/** The standalone with every moment off, or on and kept, or on and sent; its CPU per order with the messages out. */
function cpuPerOrder(variant: Variant, providers: Providers) {
  let sentBefore = providers.sent();
  return standaloneCpuPerOrder(
    {
      name: variant,
      env: { OUTBOUND_ALLOW_HTTP: 'true', OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', NOTIFIER_SMTP_CA_FILE: providers.caFile },
      prepare: (accounts) => accounts.setDeliveryPolicies(BENCH_ACCOUNT, { notifications: settingsOf(variant, providers) }),
      // Every message of the orders so far with its provider (none unless sent).
      done: async (orders) => {
        const expected = variant === 'sent' ? orders * MESSAGES_PER_ORDER : 0;
        const deadline = wallClock() + 120_000;
        while (providers.sent() - sentBefore < expected && wallClock() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        if (providers.sent() - sentBefore < expected)
          throw new Error(`${variant}: ${providers.sent() - sentBefore} of ${expected} messages sent`);
        sentBefore = providers.sent();
      },
      profileDir,
    },
    { perSecond, seconds, warmupSeconds },
  );
}

async function main() {
  const providers = await startProviders();
  console.log(
    `Create Order with every moment off, on with no provider (kept), and on with SMS and e-mail sent; ${perSecond} orders/s for ${seconds} s, ${runs} runs:`,
  );
  const figures: Record<Variant, { order: number; echo: number }[]> = { off: [], kept: [], sent: [] };
  const floors: number[] = [];
  const sent = settingsOf('sent', providers);
  try {
    for (let run = 1; run <= runs; run += 1) {
      console.log(` run ${run} of ${runs}`);
      // The order of the three turns each run, so a drift of the machine falls on all of them.
      const order: Variant[] = ['off', 'kept', 'sent'];
      for (let i = 0; i < order.length; i += 1) {
        const variant = order[(i + run - 1) % order.length]!;
        figures[variant].push(await cpuPerOrder(variant, providers));
      }
      floors.push(await providerConversationsCpuPerOrder({ sms: sent.sms!, email: sent.email!, ca: providers.ca }));
    }
  } finally {
    providers.stop();
  }
  const cpu = (variant: Variant) => median(figures[variant].map((f) => f.order));
  const overEcho = (variant: Variant) => median(figures[variant].map((f) => f.order / f.echo)).toFixed(2);
  const growth = (variant: Variant) => cpu(variant) / cpu('off') - 1;
  const percent = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)} %`;
  console.log(`  median CPU per order: off ${cpu('off').toFixed(3)} ms (${overEcho('off')} x echo)`);
  // What the bound allows beside what sending costs by itself, however the rest of the notifier is built.
  console.log(
    `  an order's SMS and e-mail conversations with the providers alone: ${median(floors).toFixed(3)} ms, ${((median(floors) / cpu('off')) * 100).toFixed(1)} % of off; the bound allows ${(cpu('off') * 0.1).toFixed(3)} ms for all of telling`,
  );
  for (const variant of ['kept', 'sent'] as const) {
    const met = growth(variant) <= 0.1;
    console.log(
      `  ${variant}: ${cpu(variant).toFixed(3)} ms (${overEcho(variant)} x echo), ${percent(growth(variant))} over off: goal (at most +10 %) ${met ? 'met' : 'NOT met'}`,
    );
    if (!met) process.exitCode = 1;
  }
}

void main();
