import { execFile, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eventually, freePort, shownOutput, unprinted } from '@delivery/testing';
import { call, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const ROOT = join(__dirname, '..');

/** The admin CLI as the README's recipe runs it, on the harness's data. */
const admin = (harness: Harness, args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      join(ROOT, 'node_modules/.bin/tsx'),
      ['apps/admin/src/main.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: harness.dataDir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    ),
  );

const LOCAL_WEBHOOKS = { doc: 'docs/integrators.md', heading: '### Receive webhooks on this machine' };

/** The integrators' guide's "Receive webhooks on this machine": the system with the openings, the endpoint, the example receiver. */
describe('webhooks on this machine, as the README shows', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({
      clockStart: new Date(),
      webhooks: { urlPolicy: { allowHttp: true, allowPrivateNetworks: true }, pollIntervalMs: 50, endpointCacheMs: 0 },
    });
  });
  afterAll(() => harness.stop());

  it('the example receiver verifies and prints each webhook of an order', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/hooks`;
    // As the README's system writes it: the CLI checks the URL by the rules of the system that will call it.
    writeFileSync(
      join(harness.dataDir, 'running.json'),
      JSON.stringify({
        pid: process.pid,
        shape: 'standalone',
        startedAt: new Date().toISOString(),
        outbound: { allowHttp: true, allowPrivateNetworks: true },
      }),
    );
    const added = await admin(harness, ['add-webhook', '--account', 'demo', '--url', url, '--json']);
    expect(added).toMatchObject({ code: 0, stderr: '' });
    const secret = JSON.parse(added.stdout).signingSecret as string;

    const receiver = spawn(process.execPath, ['tools/examples/webhook-receiver.js', String(port)], {
      cwd: ROOT,
      env: { ...process.env, WEBHOOK_SECRET: secret },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    createInterface({ input: receiver.stdout! }).on('line', (line) => lines.push(line));
    try {
      await eventually(() => expect(lines).toContain(`receiving webhooks on ${url}`));
      const token = await tokenFor(harness);
      const body = JSON.parse(readFileSync(join(ROOT, 'docs/examples/create-order.json'), 'utf8'));
      body.shipRequest.shipment.fulfillmentId = 'FUL-LOCAL-1';
      const created = await call(harness, 'POST', V1_ORDERS, { token, json: body });
      expect(created.status).toBe(200);
      const taskId = created.body.completedShipments[0].task_id as string;
      await eventually(() =>
        expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^order\\.created ${taskId} \\w+ sequence \\d+ verified$`))),
      );
      // No stale sample: what the guide shows the receiver printing, it printed.
      expect(unprinted(shownOutput(LOCAL_WEBHOOKS), lines)).toEqual([]);
    } finally {
      receiver.kill();
    }
  }, 60_000);
});
