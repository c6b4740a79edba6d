/**
 * What a hostile tenant's load does to everyone else (issues 21 and 34). Account B's app
 * reads one order at a steady 40 Get Orders/s throughout; its p99 is compared with its idle
 * p99 in the same run while, each alone (with its goals) and then all together (shown beside):
 * - account A's app sends a fixed 1,000 calls/s with its valid token (most over its quota);
 * - strangers send a fixed 200 wrong secrets/s for the rightful app's client id, from 20
 *   addresses, one of them the rightful app's own (a platform's shared egress);
 * - strangers post 1,000 courier webhooks/s to B's DoorDash fleet's URL, from 20 addresses,
 *   with a wrong credential;
 * - A's console sends 1,000 `GET /console/api/deliveries`/s with its session;
 * - a stranger tries 10 console sign-ins/s with random emails, each from a new address;
 * - a viewer of a third account, C, previews a hostile wording (a nested loop, a huge range)
 *   200 times a second;
 * - A's app creates 40 orders/s, every one to the same phone, with SMS on (goal: at most the
 *   recipient's day of SMS reaches Twilio over the whole bench).
 * Meanwhile the rightful app asks for a token every 2 s, and a real user signs in every
 * second from a browser that signed in before (its device cookie). Goals: B's p99 <= 3x idle
 * under each; during the sign-in flood the user's sign-in <= 2x its idle time and >= 99 % of
 * them 200; every one of the rightful app's token requests answered 200.
 * Then PIN guessing: B's drivers' app, at a drop-off that needs a PIN, tries PINs as fast as
 * it is answered until refused for good (goal: locked at the 5th wrong try, the right PIN
 * refused after it). Then a frozen courier: B's fleet with A's DoorDash ids, pointed at B's
 * own server, gets a 429 with an endless Retry-After (goal: A's next quote still reaches
 * DoorDash). Then the service as a reflector: A, with as many HTTP fleets at one host as it may, asks
 * for quotes at 1,000/s for BENCH_REFLECT_SECONDS (20); the host counts what reaches it in
 * each minute (goal: at most OUTBOUND_HOST_PER_MINUTE's default), and one fleet more at that
 * host is refused when saved.
 * The floods run in one process of their own, loaded before the phase starts. On a machine
 * of two cores or more the system is pinned alone to the first core and everything else
 * (this process, B's client, the floods) to the second, so a delay measured is the system's
 * own; each phase prints the system's largest event-loop lag.
 * BENCH_SECONDS a phase (default 8), BENCH_RUNS runs (default 3), BENCH_FLOODS (a part of a
 * flood's name, to run only those), BENCH_PIN=false to leave the cores to the scheduler.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import {
  createAccountUser,
  createClientApp,
  DEFAULT_MESSAGE_BUDGETS,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_RATE_CARD,
  generateSecretsKey,
  loadSecretBox,
  addFleet,
  hashOfAuthorization,
  MAX_FLEETS_PER_HOST,
  type TwilioChannel,
} from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { systemClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { aTwilioAccount, freePort, startDoorDashFake, startTwilioFake, tempDataDir } from '@delivery/testing';
import { SealedAccountRepository } from '@delivery/accounts/store';
import { DEFAULT_HOST_REQUESTS_PER_MINUTE } from '@delivery/outbound';
import { aQuoteRequest, aShipRequest } from '../e2e/support/ship-request.fixture';
import { describeTally, openLoop, type Tally } from './load/open-loop';
import { ROOT, spawnNode, waitReady } from './load/processes';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const ORDERS = '/partner-integrations-service/v1/integrations/partner/orders';
const QUOTES = '/partner-integrations-service/v2/integrations/partner/quotes';
const DOORDASH_KEY_OF_A = { developerId: 'developer-of-a', keyId: 'key-of-a', signingSecret: randomBytes(32).toString('base64url') };
const SHARED_EGRESS = '198.51.100.7';
const PASSWORD = 'correct horse battery staple';
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const median = (values: number[]) => percentile(values, 50);

/**
 * Loads a phase's floods in one child process (bench/load/flood.ts); once it is ready,
 * `start` tells it when to begin and resolves with each flood's tally when they are over.
 */
async function floodsInChild(specs: Record<string, unknown>[]): Promise<{ start: (startAt: number) => Promise<Tally[]> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/load/flood.ts')], {
    cwd: ROOT,
    env: { ...process.env, FLOODS: JSON.stringify(specs) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
  if ((await next()) !== 'ready') throw new Error('the flood process did not start');
  return {
    start: async (startAt) => {
      const tallies = next();
      child.stdin.end(`${startAt}\n`);
      const code = await exited;
      if (code !== 0) throw new Error(`flood exited ${code}`);
      return (JSON.parse(await tallies) as { statuses: Tally['statuses'] }[]).map((t) => ({ latencies: [], ...t }));
    },
  };
}

/** The accounts, apps and console user the run calls as, written into the data directory before the system starts on it. */
async function prepare(
  dataDir: string,
  secretsKey: string,
  reflectedUrl: string,
  doordash: { a: string; b: string },
  twilio: TwilioChannel,
) {
  const store = openEmbeddedStore(join(dataDir, 'accounts'));
  const accounts = new SealedAccountRepository(new EmbeddedAccountRepository(store), loadSecretBox({ SECRETS_KEY: secretsKey }, null).box);
  const clock = systemClock;
  try {
    for (const id of ['acc-a', 'acc-b', 'acc-c']) {
      await accounts.createAccount({ id, name: id, createdAt: clock.now().toISOString() });
      await accounts.putServicePlan({
        accountId: id,
        carrierCode: 'OWNFLEET',
        serviceLevel: 'EXPRESS',
        carrierName: 'Own',
        currency: 'USD',
        baseCharge: 5,
        perKgCharge: 1,
      });
    }
    // A's own drivers take its orders (so each is dispatched, the moment told by SMS) ...
    await accounts.putFleet({
      accountId: 'acc-a',
      id: 3,
      name: 'Own drivers',
      fleetType: 0,
      externalTeamId: 'own',
      carrierCodes: ['OWNFLEET'],
      serviceLevels: [],
      connector: { ...DEFAULT_RATE_CARD, currency: 'USD', workingHours: { startHour: 0, endHour: 24 } },
    });
    // ... and A tells its recipients by SMS, through the Twilio fake: its orders' one phone is the SMS flood's target.
    await accounts.setDeliveryPolicies('acc-a', { notifications: { ...DEFAULT_NOTIFICATION_SETTINGS, quietHours: null, sms: twilio } });
    // B's own drivers, whose drop-offs under the PINNED plan need a PIN, and their fleet app.
    await accounts.putServicePlan({
      accountId: 'acc-b',
      carrierCode: 'PINNED',
      serviceLevel: 'EXPRESS',
      carrierName: 'Pinned',
      currency: 'USD',
      baseCharge: 5,
      perKgCharge: 1,
      requirements: { kinds: ['pin', 'photo'], minimumAge: null },
    });
    await accounts.putFleet({
      accountId: 'acc-b',
      id: 2,
      name: 'Own drivers',
      fleetType: 0,
      externalTeamId: 'own',
      carrierCodes: ['PINNED'],
      serviceLevels: [],
      connector: { ...DEFAULT_RATE_CARD, currency: 'USD', workingHours: { startHour: 0, endHour: 24 } },
    });
    // A's DoorDash fleet, and B's with A's DoorDash ids, pointed at B's own server.
    for (const [accountId, baseUrl] of [
      ['acc-a', doordash.a],
      ['acc-b', doordash.b],
    ] as const) {
      await accounts.putFleet({
        accountId,
        id: 10,
        name: 'DoorDash',
        fleetType: 1,
        externalTeamId: 'doordash',
        carrierCodes: ['DASH'],
        serviceLevels: [],
        connector: { kind: 'doordash', baseUrl, ...DOORDASH_KEY_OF_A, timeoutMs: 5_000 },
      });
    }
    // A's HTTP fleets, as many as may name one host, all at the host A would aim the service at.
    const open = { accounts, clock, urlPolicy: { allowHttp: true, allowPrivateNetworks: true } };
    const httpFleet = (id: number) => ({
      accountId: 'acc-a',
      id,
      name: `Reflector ${id}`,
      fleetType: 1,
      carrierCodes: ['REFLECT'],
      serviceLevels: [],
      connector: { kind: 'http' as const, url: `${reflectedUrl}/fleet/${id}`, timeoutMs: 5_000 },
    });
    for (let id = 1; id <= MAX_FLEETS_PER_HOST; id++) await addFleet(httpFleet(id), {}, open);
    const oneMore = await addFleet(httpFleet(MAX_FLEETS_PER_HOST + 1), {}, open).then(
      () => null,
      (error: Error) => error.message,
    );
    // B's DoorDash fleet, whose webhook URL strangers post to.
    await accounts.putFleet({
      accountId: 'acc-b',
      id: 1,
      name: 'DoorDash',
      fleetType: 1,
      externalTeamId: 'doordash',
      carrierCodes: ['DOORDASH'],
      serviceLevels: [],
      connector: {
        kind: 'doordash',
        baseUrl: 'https://openapi.doordash.com',
        developerId: 'developer',
        keyId: 'key',
        signingSecret: 'c2lnbmluZy1zZWNyZXQ',
        timeoutMs: 5_000,
        webhookAuthorizationHash: hashOfAuthorization(`Basic ${Buffer.from('doordash:right').toString('base64')}`),
      },
    });
    return {
      oneMore,
      driversApp: await createClientApp({ accountId: 'acc-b', name: 'drivers app', fleetId: 2 }, { accounts, clock }),
      appA: await createClientApp({ accountId: 'acc-a', name: 'flooding oms' }, { accounts, clock }),
      appB: await createClientApp({ accountId: 'acc-b', name: 'steady oms' }, { accounts, clock }),
      rightful: await createClientApp({ accountId: 'acc-b', name: 'rightful oms' }, { accounts, clock }),
      user: await createAccountUser(
        { accountId: 'acc-b', email: 'ops@retailer-b.example', name: 'Ops', role: 'owner', password: PASSWORD },
        { accounts, clock },
      ),
      userA: await createAccountUser(
        { accountId: 'acc-a', email: 'ops@retailer-a.example', name: 'Ops', role: 'owner', password: PASSWORD },
        { accounts, clock },
      ),
      // A viewer of a third account, whose console quota the other floods leave untouched: its previews reach the engine.
      userC: await createAccountUser(
        { accountId: 'acc-c', email: 'viewer@retailer-c.example', name: 'Viewer', role: 'viewer', password: PASSWORD },
        { accounts, clock },
      ),
    };
  } finally {
    await store.close();
  }
}

async function main() {
  const dir = tempDataDir('bench-hostile-');
  const secretsKey = generateSecretsKey();
  // The host A aims its HTTP fleets at: it counts what it is sent, in each minute.
  const perMinute = new Map<number, number>();
  const reflected = createServer((_req, res) => {
    const minute = Math.floor(Date.now() / 60_000);
    perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"quotes":[]}');
  });
  // An address of its own on the loopback (Linux answers all of 127/8): the DoorDash fakes are at 127.0.0.1.
  await new Promise<void>((resolve) => reflected.listen(0, '127.0.0.2', resolve));
  const reflectedUrl = `http://127.0.0.2:${(reflected.address() as AddressInfo).port}`;
  // A's DoorDash, and B's server answering as DoorDash for A's ids.
  const [doordashOfA, serverOfB] = [await startDoorDashFake(DOORDASH_KEY_OF_A), await startDoorDashFake(DOORDASH_KEY_OF_A)];
  const twilioAccount = aTwilioAccount();
  const twilio = await startTwilioFake([twilioAccount]);
  const { appA, appB, rightful, user, userA, userC, oneMore, driversApp } = await prepare(
    dir.path,
    secretsKey,
    reflectedUrl,
    { a: doordashOfA.url, b: serverOfB.url },
    twilio.channelOf(twilioAccount),
  );
  const [port, opsPort] = [await freePort(), await freePort()];
  // The system in its own process, as `npm start` runs it: the load below is not its CPU.
  const system = spawnNode('apps/standalone/src/main.ts', {
    DATA_DIR: dir.path,
    PORT: String(port),
    OPS_PORT: String(opsPort),
    SECRETS_KEY: secretsKey,
    DEMO_ACCOUNT: 'false',
    // As behind a load balancer: each caller's address comes in X-Forwarded-For.
    TRUST_PROXY_HOPS: '1',
    // The host A aims at listens on loopback here.
    OUTBOUND_ALLOW_HTTP: 'true',
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    LOG_LEVEL: 'warn',
  });
  const opsUrl = `http://127.0.0.1:${opsPort}`;
  await waitReady(opsUrl);
  const url = `http://127.0.0.1:${port}`;
  const pinned = process.env.BENCH_PIN !== 'false' && availableParallelism() >= 2;
  if (pinned) {
    // Every thread of the system on core 0; this process (and the flood process it starts) on core 1.
    for (const [core, pid] of [
      ['0', system.child.pid!],
      ['1', process.pid],
    ] as const) {
      const pinning = spawnSync('taskset', ['-a', '-c', '-p', core, String(pid)]);
      if (pinning.status !== 0) throw new Error(`taskset could not pin ${pid} to core ${core}: ${pinning.stderr}`);
    }
  }
  /** The system's largest event-loop lag since the last read (prom-client resets it on every scrape), in ms. */
  const eventLoopLagMax = async () => {
    const metrics = await (await fetch(`${opsUrl}/metrics`)).text();
    return Number(/^nodejs_eventloop_lag_max_seconds\S* (\S+)/m.exec(metrics)?.[1] ?? NaN) * 1000;
  };

  const tokenRequest = (clientId: string, secret: string, address: string) =>
    fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
    });
  const tokenOf = async (app: typeof appA, address: string) =>
    ((await (await tokenRequest(app.app.clientId, app.clientSecret, address)).json()) as { access_token: string }).access_token;
  const [tokenA, tokenB] = [await tokenOf(appA, '192.0.2.10'), await tokenOf(appB, '192.0.2.20')];
  const created = await fetch(`${url}${ORDERS}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokenB}`, 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.20' },
    body: JSON.stringify(aShipRequest()),
  });
  const taskId = ((await created.json()) as { completedShipments: { task_id: string }[] }).completedShipments[0]!.task_id;
  const getOrder =
    (token: string, address: string, id = taskId) =>
    () =>
      fetch(`${url}${ORDERS}/${id}`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address } });
  const signIn = (email: string, password: string, address: string, cookie = '') =>
    fetch(`${url}/console/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, cookie },
      body: JSON.stringify({ email, password }),
    });
  const signedInA = await signIn(userA.email, PASSWORD, '192.0.2.40');
  const consoleCookieA = /console_session=[^;]+/.exec(signedInA.headers.get('set-cookie') ?? '')![0];
  const signedInC = await signIn(userC.email, PASSWORD, '192.0.2.60');
  const consoleCookieC = /console_session=[^;]+/.exec(signedInC.headers.get('set-cookie') ?? '')![0];
  const csrfC = ((await signedInC.json()) as { csrf_token: string }).csrf_token;
  // The user's browser signed in once before: it carries its device cookie from then on.
  const device = /console_device=[^;]+/.exec((await signIn(user.email, PASSWORD, '192.0.2.30')).headers.get('set-cookie') ?? '')![0];

  const ms = seconds * 1000;
  const floods = {
    'valid-token calls, 1,000/s': {
      perSecond: 1_000,
      ms,
      url: `${url}${ORDERS}/${taskId}`,
      method: 'GET',
      headers: { authorization: `Bearer ${tokenA}` },
      addresses: ['192.0.2.10'],
    },
    'wrong secrets, 200/s': {
      perSecond: 200,
      ms,
      url: `${url}/oauth/token`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=${rightful.app.clientId}&client_secret=wrong-{n}-${rightful.clientSecret.slice(8)}`,
      addresses: [SHARED_EGRESS, ...Array.from({ length: 19 }, (_, i) => `203.0.113.${i + 1}`)],
    },
    'anonymous courier webhooks, 1,000/s': {
      perSecond: 1_000,
      ms,
      // B's DoorDash fleet's URL, which anyone may post to: none carries its credential.
      url: `${url}/couriers/v1/acc-b/1/webhooks`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Basic ZG9vcmRhc2g6Z3Vlc3M=' },
      body: JSON.stringify({ event_name: 'DASHER_CONFIRMED', external_delivery_id: 'tsk_guess' }),
      addresses: Array.from({ length: 20 }, (_, i) => `203.0.115.${i + 1}`),
    },
    "A's console API calls, 1,000/s": {
      perSecond: 1_000,
      ms,
      url: `${url}/console/api/deliveries`,
      method: 'GET',
      headers: { cookie: consoleCookieA },
      addresses: ['192.0.2.40'],
    },
    // The 91-character nested loop that froze the loop for seconds, and a 400,000,000 range: refused when parsed now.
    "C's viewer's wording previews, hostile loops, 200/s": {
      perSecond: 200,
      ms,
      url: `${url}/console/api/notifications/preview`,
      method: 'POST',
      headers: { cookie: consoleCookieC, 'x-csrf-token': csrfC, 'content-type': 'application/json' },
      body: JSON.stringify({
        moment: 'on_the_way',
        language: 'en',
        channel: 'email',
        subject: '{% for i in (1..400000000) %}x{% endfor %}',
        text: '{% for a in (1..100000) %}{% for b in (1..100000) %}{{ tracking_link }}{% endfor %}{% endfor %}',
      }),
      addresses: ['192.0.2.60'],
    },
    'sign-ins with random emails, 10/s': {
      perSecond: 10,
      ms,
      url: `${url}/console/api/session`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'guess-{n}@nowhere.example', password: 'password guess' }),
      // A new address for every try, as a botnet or a pool of proxies sends them.
      addresses: Array.from({ length: 4_096 }, (_, i) => `198.18.${i >> 8}.${i & 255}`),
    },
    // SMS pumping: A's orders at 40/s, every one to the same phone, with SMS on. Last of the floods
    // alone: the work its orders leave (dispatches, messages) is not another flood's phase's.
    "A's orders to one phone with SMS on, 40/s": {
      perSecond: 40,
      ms,
      url: `${url}${ORDERS}`,
      method: 'POST',
      headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/json' },
      body: JSON.stringify(aShipRequest({ fulfillmentId: 'FUL-{n}', orderId: 'ORD-{n}' })),
      addresses: ['192.0.2.10'],
    },
  };

  /**
   * Until the work a flood left behind is done (the orders' events published, so their
   * messages made and settled): every outbox empty at two reads in a row, or a minute gone.
   */
  const quiet = async () => {
    const backlog = async () => {
      const metrics = await (await fetch(`${opsUrl}/metrics`)).text();
      return [...metrics.matchAll(/^outbox_backlog\{[^}]*\} (\S+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    };
    const until = Date.now() + 60_000;
    let empty = 0;
    while (empty < 2 && Date.now() < until) {
      empty = (await backlog()) === 0 ? empty + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  /** One phase: B's steady reads, the rightful app's tokens, the user's sign-ins, and the given floods. */
  async function phase(names: (keyof typeof floods)[]) {
    await quiet();
    // The flood process loads first; everything starts together once it has.
    const flooding = names.length > 0 ? await floodsInChild(names.map((name) => floods[name])) : null;
    await eventLoopLagMax();
    const startAt = Date.now() + 100;
    const flooded = flooding?.start(startAt) ?? Promise.resolve([]);
    await new Promise((resolve) => setTimeout(resolve, startAt - Date.now()));
    const [reads, tokens, signIns] = await Promise.all([
      openLoop(40, ms, getOrder(tokenB, '192.0.2.20')),
      openLoop(0.5, ms, () => tokenRequest(rightful.app.clientId, rightful.clientSecret, SHARED_EGRESS)),
      openLoop(1, ms, () => signIn(user.email, PASSWORD, '192.0.2.30', device)),
    ]);
    const tallies = await flooded;
    const lagMs = await eventLoopLagMax();
    return { reads, tokens, signIns, lagMs, flooded: names.map((name, i) => `${name} (${describeTally(tallies[i]!)})`) };
  }

  await phase([]); // warm-up
  let allMet = true;
  for (let run = 1; run <= runs; run += 1) {
    const idle = await phase([]);
    const idleP99 = percentile(idle.reads.latencies, 99);
    const idleSignIn = median(idle.signIns.latencies);
    console.log(
      `run ${run}${pinned ? ' (system alone on core 0)' : ''}: idle B Get Order p99 ${idleP99.toFixed(1)} ms, user sign-in median ${idleSignIn.toFixed(0)} ms, event-loop lag max ${idle.lagMs.toFixed(0)} ms`,
    );
    const chosen = (Object.keys(floods) as (keyof typeof floods)[]).filter((name) => name.includes(process.env.BENCH_FLOODS ?? ''));
    const scenarios: (keyof typeof floods)[][] = [...chosen.map((name) => [name]), ...(chosen.length > 1 ? [chosen] : [])];
    for (const names of scenarios) {
      const result = await phase(names);
      const together = names.length > 1;
      const ratio = percentile(result.reads.latencies, 99) / idleP99;
      const signInRatio = median(result.signIns.latencies) / idleSignIn;
      const tokensOk = result.tokens.statuses[200] === result.tokens.latencies.length && result.tokens.latencies.length > 0;
      const signInsOk = result.signIns.statuses[200] === result.signIns.latencies.length;
      const signInFlood = names.includes('sign-ins with random emails, 10/s');
      // Each flood alone has the goals; all of them at once (over 3,000 requests a second on one core) are shown beside them.
      const met = together || (ratio <= 3 && tokensOk && signInsOk && (!signInFlood || signInRatio <= 2));
      allMet &&= met;
      const goal = (text: string) => (together ? '' : ` (goal ${text})`);
      console.log(`  under ${together ? 'all of them together, for comparison' : names[0]}: ${result.flooded.join('; ')}`);
      console.log(
        `    B p99 ${percentile(result.reads.latencies, 99).toFixed(1)} ms, ${ratio.toFixed(2)}x idle${goal('<= 3x')}, event-loop lag max ${result.lagMs.toFixed(0)} ms; user sign-in ${signInRatio.toFixed(2)}x idle${signInFlood ? goal('<= 2x') : ''}, ${describeTally(result.signIns)}; rightful app's tokens ${describeTally(result.tokens)}${goal('all 200')}${met ? '' : '  <- goal missed'}`,
      );
    }
  }

  // Every phase of every run sent A's orders to one phone: its day's messages reached Twilio, no more.
  const pumped = twilio.messages.length;
  const pumpMet = pumped <= DEFAULT_MESSAGE_BUDGETS.perRecipientPerDay;
  if (Object.keys(floods).some((name) => name.includes('one phone') && name.includes(process.env.BENCH_FLOODS ?? ''))) {
    allMet &&= pumpMet;
    console.log(
      `SMS pumping: A's orders to one phone reached Twilio with ${pumped} SMS in all (goal <= ${DEFAULT_MESSAGE_BUDGETS.perRecipientPerDay}, the recipient's day; 40 orders sent 40 SMS in 35 s before)${pumpMet ? '' : '  <- goal missed'}`,
    );
  }
  await twilio.stop();

  // PIN guessing: B's drivers' app, at the door, tries PINs one after another until refused for good.
  const pinnedOrder = await fetch(`${url}${ORDERS}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokenB}`, 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.20' },
    body: JSON.stringify(aShipRequest({ carrierCode: 'PINNED' })),
  });
  const pinnedTask = ((await pinnedOrder.json()) as { completedShipments: { task_id: string }[] }).completedShipments[0]!.task_id;
  const shipment = (
    (await (await getOrder(tokenB, '192.0.2.20', pinnedTask)()).json()) as {
      completedShipments: { requirements: { pin: string }; way_points: { id: string }[] }[];
    }
  ).completedShipments[0]!;
  const driverToken = await tokenOf(driversApp, '192.0.2.50');
  const fleetCall = (method: string, path: string, json?: unknown) =>
    fetch(`${url}/fleet/v1/tasks/${pinnedTask}/${path}`, {
      method,
      headers: { authorization: `Bearer ${driverToken}`, 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.50' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  const [pickup, dropoff] = shipment.way_points.map((w) => w.id);
  await fleetCall('PUT', 'driver', { name: 'Grace Driver' });
  for (const step of ['start', `way_points/${pickup}/complete`, 'start', `way_points/${dropoff}/arrive`]) await fleetCall('POST', step);
  const guess = (pin: string) =>
    fleetCall('POST', `way_points/${dropoff}/complete`, { proof_of_delivery: { photo_url: 'https://pod.example/door.jpg', pin } });
  const right = shipment.requirements.pin;
  let tries = 0;
  const guessing = performance.now();
  for (let n = 0; n < 1_000_000 && performance.now() - guessing < 62_000; n++) {
    const candidate = String(n).padStart(6, '0');
    if (candidate === right) continue;
    const answer = await guess(candidate);
    tries += 1;
    const lastReason = JSON.stringify(await answer.json());
    // Counted tries say "n of 5 wrong tries"; past the last, the PIN is locked whatever is given.
    if (!/of \d+ wrong tries/.test(lastReason) || answer.status === 200) break;
  }
  const afterLock = await guess(right);
  const pinMet = tries <= 5 && afterLock.status === 409;
  allMet &&= pinMet;
  console.log(
    `PIN guessing: B's drivers' app tried ${tries} PINs in ${((performance.now() - guessing) / 1000).toFixed(1)} s before the PIN was locked; then the right PIN: ${afterLock.status} (goal: locked at the 5th wrong try, the right one refused after it; 2,982 tried in 62 s and delivered before)${pinMet ? '' : '  <- goal missed'}`,
  );

  const quoteBody = (carrierCode = 'REFLECT') => {
    const request = aQuoteRequest({ carrierCode });
    request.shipRequest.shipment.shipDate = new Date().toISOString();
    request.shipRequest.shipment.deliveryDate = new Date(Date.now() + 86_400_000).toISOString();
    return JSON.stringify(request);
  };
  // Freezing another's courier: B's fleet with A's DoorDash ids gets a 429 with an endless Retry-After from B's own server.
  const quoteDash = (token: string, address: string) =>
    fetch(`${url}${QUOTES}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': address },
      body: quoteBody('DASH'),
    });
  serverOfB.refuseNext({ status: 429, headers: { 'retry-after': '999999999999' }, body: { message: 'slow down' } });
  await quoteDash(tokenB, '192.0.2.20');
  const [callsOfA, callsOfB] = [doordashOfA.calls.length, serverOfB.calls.length];
  await quoteDash(tokenA, '192.0.2.10');
  await quoteDash(tokenB, '192.0.2.20');
  const reachedA = doordashOfA.calls.length - callsOfA;
  const heldB = serverOfB.calls.length === callsOfB;
  // B's fleet did ask its server once (and got the 429), A's then asked DoorDash, and B's asked no more.
  const freezeMet = callsOfB === 1 && reachedA === 1 && heldB;
  allMet &&= freezeMet;
  console.log(
    `courier freeze: after B's server answered B's fleet (A's DoorDash ids) 429 Retry-After: 999999999999, A's next quote reached DoorDash: ${reachedA === 1 ? 'yes' : 'no'}, B's own fleet held: ${heldB ? 'yes, for at most 300 s' : 'no'} (goal: A unaffected; before: A made no call for days)${freezeMet ? '' : '  <- goal missed'}`,
  );

  // The service as a reflector: A's app asks for quotes as fast as it may, each asking its
  // fleets at the one host; the host counts what reaches it in each minute.
  const reflectMs = Number(process.env.BENCH_REFLECT_SECONDS ?? 20) * 1000;
  perMinute.clear();
  const asked = await openLoop(1_000, reflectMs, () =>
    fetch(`${url}${QUOTES}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.10' },
      body: quoteBody(),
    }),
  );
  const sent = [...perMinute.values()].reduce((sum, n) => sum + n, 0);
  const busiest = Math.max(0, ...perMinute.values());
  const reflectorMet = busiest <= DEFAULT_HOST_REQUESTS_PER_MINUTE && oneMore !== null;
  allMet &&= reflectorMet;
  console.log(`reflector: A's app asked for quotes at 1,000/s for ${reflectMs / 1000} s (${describeTally(asked)})`);
  console.log(
    `  its ${MAX_FLEETS_PER_HOST} fleets at one host sent it ${sent} requests (${(sent / (reflectMs / 1000)).toFixed(0)}/s; 5,955/s before), at most ${busiest} in one minute (goal <= ${DEFAULT_HOST_REQUESTS_PER_MINUTE}); a fleet more at that host: ${oneMore ? `refused ("${oneMore}")` : 'accepted'} (goal: refused)${reflectorMet ? '' : '  <- goal missed'}`,
  );
  reflected.close();
  await Promise.all([doordashOfA.stop(), serverOfB.stop()]);
  await system.stop();
  dir.remove();
  console.log(allMet ? 'goals met' : 'goals NOT met');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
