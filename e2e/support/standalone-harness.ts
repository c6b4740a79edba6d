import { randomBytes } from 'node:crypto';
import { createClientApp } from '@delivery/accounts';
import { ManualClock } from '@delivery/clock';
import { TOPICS, type OrderTopicEvent } from '@delivery/contracts';
import type { Subscription } from '@delivery/event-bus';
import { tempDataDir } from '@delivery/testing';
import { checkAgainstOpenApi } from './openapi-responses';
import { startStandalone, type RunningStandalone, type StandaloneOptions } from '../../apps/standalone/src';

export const V1_ORDERS = '/partner-integrations-service/v1/integrations/partner/orders';
export const V2 = '/partner-integrations-service/v2/integrations/partner';

export interface Harness {
  running: RunningStandalone;
  url: string;
  clock: ManualClock;
  dataDir: string;
  demo: { clientId: string; clientSecret: string; accountId: string };
  stop(): Promise<void>;
}

export const DEMO_CARRIER = 'OWNFLEET';
export const DEMO_LEVEL = 'EXPRESS';

/** The whole system in this process, on embedded adapters in a fresh directory, on a free port. */
export async function startHarness(
  options: {
    dataDir?: string;
    grpcDeadlineMs?: number;
    jsonBodyLimit?: string;
    fleetBudgetMs?: number;
    clockStart?: Date;
    webhooks?: StandaloneOptions['webhooks'];
    notifications?: StandaloneOptions['notifications'];
    /** The sandbox fleet driving the demo fleets; tests tick it (`running.sandbox.tick()`) after moving the clock. */
    sandbox?: StandaloneOptions['sandbox'];
    rateLimits?: StandaloneOptions['rateLimits'];
    /** Believe this many proxies' X-Forwarded-For, so a test can call from many addresses. */
    trustProxyHops?: number;
    /** Where the apps report metrics (and log lines), for a test that reads them. */
    observability?: StandaloneOptions['observability'];
    /** The maps' tiles (a tile server of the test's); no map unless given. */
    mapTiles?: StandaloneOptions['mapTiles'];
    /** The driver app's build (a folder of the test's own: builds of other suites replace dist/driver-app). */
    driverAppDir?: StandaloneOptions['driverAppDir'];
    /** Where proofs are kept (an S3 server of the test's); files in its data directory unless given. */
    proofMedia?: StandaloneOptions['proofMedia'];
    /** The services in process (the standalone's default), or served over gRPC on loopback (the transport's own suite). */
    transport?: StandaloneOptions['transport'];
  } = {},
): Promise<Harness> {
  const dir = options.dataDir ? null : tempDataDir('e2e-');
  const dataDir = options.dataDir ?? dir!.path;
  const clock = new ManualClock(options.clockStart ?? new Date('2026-11-22T09:00:00.000Z'));
  const demo = {
    accountId: 'demo',
    clientId: `demo-${randomBytes(4).toString('hex')}`,
    clientSecret: randomBytes(24).toString('base64url'),
  };
  const running = await startStandalone({
    dataDir,
    transport: options.transport ?? 'in-process',
    host: '127.0.0.1',
    port: 0,
    clock,
    grpcDeadlineMs: options.grpcDeadlineMs,
    jsonBodyLimit: options.jsonBodyLimit,
    fleetBudgetMs: options.fleetBudgetMs,
    webhooks: options.webhooks,
    notifications: options.notifications,
    rateLimits: options.rateLimits,
    trustProxyHops: options.trustProxyHops,
    observability: options.observability,
    mapTiles: options.mapTiles,
    driverAppDir: options.driverAppDir,
    proofMedia: options.proofMedia,
    sandbox: options.sandbox ?? null,
    // Tests sweep holds and due dispatches themselves (running.holds.sweep(), running.dispatches.sweep()) after moving the clock.
    holdSweepIntervalMs: 60 * 60 * 1000,
    dispatchSweepIntervalMs: 60 * 60 * 1000,
    // And couriers' quiet tasks (running.courierPolls.sweep()), after moving the clock past the quiet time.
    courierPollIntervalMs: 60 * 60 * 1000,
    courierQuietMs: 5 * 60_000,
    demo: { ...demo, carrierCode: DEMO_CARRIER, serviceLevel: DEMO_LEVEL },
    logger: { error: () => undefined },
  });
  return {
    running,
    url: running.gatewayUrl,
    clock,
    dataDir,
    demo,
    stop: async () => {
      await running.stop();
      dir?.remove();
    },
  };
}

/** Another retailer with its own app and the same carrier plan: for isolation tests. */
export async function createOtherAccount(harness: Harness) {
  const accountId = `acc_${randomBytes(4).toString('hex')}`;
  const { accounts } = harness.running;
  await accounts.createAccount({ id: accountId, name: 'Other retailer', createdAt: harness.clock.now().toISOString() });
  await accounts.putServicePlan({
    accountId,
    carrierCode: DEMO_CARRIER,
    serviceLevel: DEMO_LEVEL,
    carrierName: 'Other Fleet',
    currency: 'EUR',
    baseCharge: 3,
    perKgCharge: 1,
  });
  const { app, clientSecret } = await createClientApp({ accountId, name: 'other-oms' }, { accounts, clock: harness.clock });
  return { accountId, clientId: app.clientId, clientSecret };
}

export async function tokenFor(harness: Harness, credentials: { clientId: string; clientSecret: string } = harness.demo, ttl?: number) {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
  });
  if (ttl) form.set('ttl', String(ttl));
  const response = await fetch(`${harness.url}/oauth/token`, { method: 'POST', body: form });
  if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
}

export async function call(
  harness: Harness,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; raw?: string | Buffer; contentType?: string; headers?: Record<string, string> } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  }
  if (options.raw !== undefined) body = options.raw;
  if (options.contentType) headers['content-type'] = options.contentType;
  const response = await fetch(`${harness.url}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Non-JSON bodies (documents) stay text.
  }
  checkAgainstOpenApi(method, path, response.status, response.headers.get('content-type'), parsed);
  return { status: response.status, headers: response.headers, body: parsed };
}

/** Collects every event the system publishes on a topic (orders by default), from the start of the log. */
export async function collectOrderEvents<E = OrderTopicEvent>(
  harness: Harness,
  topic: string = TOPICS.orders,
): Promise<{ events: E[]; keys: string[]; stop(): Promise<void> }> {
  const events: E[] = [];
  const keys: string[] = [];
  const subscription: Subscription = await harness.running.bus.subscribe(
    { groupId: `test-${randomBytes(4).toString('hex')}`, topics: [topic], fromBeginning: true },
    async (message) => {
      events.push(JSON.parse(message.value) as E);
      keys.push(message.key);
    },
  );
  return { events, keys, stop: () => subscription.stop() };
}
