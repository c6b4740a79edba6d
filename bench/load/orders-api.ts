import { freePort } from '@delivery/testing';
import { startDistributed } from '../../tools/distributed/launch';
import { aShipRequest } from '../../e2e/support/ship-request.fixture';
import { spawnNode, waitReady } from './processes';

export const ORDERS_PATH = '/partner-integrations-service/v1/integrations/partner/orders';

/**
 * The platform's full ship request, shipped within the hour and due in three: an order due
 * in the past (the record's own dates) is late as soon as it is made, and every one of a run
 * would keep the lateness sweep busy long after it, in every figure measured next.
 * Every `__N__` becomes a number unique to the run (see runWrk).
 */
export const ORDER_BODY = (() => {
  const body = aShipRequest({ fulfillmentId: 'FUL-__N__', orderId: 'ORD-__N__' });
  const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
  body.shipRequest.shipment = { ...body.shipRequest.shipment, shipDate: hours(1), deliveryDate: hours(3) };
  return JSON.stringify(body);
})();

/** Quotas no run reaches: the limiter still counts every call, it just never refuses. */
export const NO_LIMITS = { RATE_LIMIT_APP_PER_MINUTE: '1000000000', RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000000000' };

export interface RunningGateway {
  gatewayUrl: string;
  /** Each process, by name. */
  pids(): Record<string, number>;
  stop(): Promise<void>;
}

/** `npm start`'s process on a prepared data dir (no demo account), on `node` (the project's by default), ready to call. */
export async function startStandaloneProcess(dataDir: string, nodeOptions: string[] = [], node?: string): Promise<RunningGateway> {
  const [port, opsPort] = [await freePort(), await freePort()];
  const app = spawnNode(
    'apps/standalone/src/main.ts',
    { DATA_DIR: dataDir, PORT: String(port), OPS_PORT: String(opsPort), DEMO_ACCOUNT: 'false', ...NO_LIMITS },
    ['--max-semi-space-size=64', ...nodeOptions],
    node,
  );
  await waitReady(`http://127.0.0.1:${opsPort}`);
  return { gatewayUrl: `http://127.0.0.1:${port}`, pids: () => ({ standalone: app.child.pid! }), stop: app.stop };
}

/** `npm run start:distributed`'s processes on a prepared data dir (each app with `nodeOptions`), ready to call. */
export async function startDistributedProcesses(dataDir: string, nodeOptions: string[] = []): Promise<RunningGateway> {
  const running = await startDistributed({
    dataDir,
    basePort: 40_000 + Math.floor(Math.random() * 10_000),
    gatewayPort: await freePort(),
    env: NO_LIMITS,
    nodeOptions,
    onLine: () => undefined,
  });
  return { gatewayUrl: running.gatewayUrl, pids: running.pids, stop: running.stop };
}

export async function tokenFor(gatewayUrl: string, credentials: { clientId: string; clientSecret: string }): Promise<string> {
  const answer = await fetch(`${gatewayUrl}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** One Create Order with the bench body; its task id. */
export async function createOneOrder(gatewayUrl: string, token: string): Promise<string> {
  const answer = await fetch(`${gatewayUrl}${ORDERS_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: ORDER_BODY.replaceAll('__N__', `one-${Date.now()}`),
  });
  if (!answer.ok) throw new Error(`Create Order answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { completedShipments: { task_id: string }[] }).completedShipments[0]!.task_id;
}
