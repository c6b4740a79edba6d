import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { aShipRequest } from './support/ship-request.fixture';
import { call, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const ROOT = join(__dirname, '..');

/** `npm run admin` as an operator runs it beside the system: it reads the orders through order-lifecycle's gRPC API. */
describe('the admin CLI reads orders from the running order-lifecycle', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.stop());

  const admin = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        join(ROOT, 'node_modules/.bin/tsx'),
        ['apps/admin/src/main.ts', ...args],
        { cwd: ROOT, env: { ...process.env, ...env } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      ),
    );

  it('finds the service from DATA_DIR, lists and shows an order', async () => {
    const token = await tokenFor(harness);
    const created = await call(harness, 'POST', V1_ORDERS, {
      token,
      json: aShipRequest({ fulfillmentId: 'FUL-ADMIN-1', orderId: 'ORD-ADMIN-1' }),
    });
    const taskId = created.body.completedShipments[0].task_id as string;
    const env = { DATA_DIR: harness.dataDir };

    const listed = await admin(['list-orders', '--account', 'demo', '--id', 'FUL-ADMIN-1', '--json'], env);
    expect(listed.stderr).toBe('');
    expect(JSON.parse(listed.stdout)).toEqual({
      orders: [expect.objectContaining({ taskId, orderId: 'ORD-ADMIN-1', fulfillmentId: 'FUL-ADMIN-1', status: 'dispatched' })],
      nextCursor: null,
    });
    const shown = await admin(['show-order', '--account', 'demo', '--id', taskId], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/timeline: .* OrderCreated/);
  }, 60_000);
});
