import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { accountSettings, createClientApp } from '@delivery/accounts';
import { STRICT_OUTBOUND_POLICY } from '@delivery/outbound';
import type { OrderTopicEvent } from '@delivery/contracts';
import { eventually } from '@delivery/testing';
import { aShipRequest } from './support/ship-request.fixture';
import { call, collectOrderEvents, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const STEP_MS = 5_000;
const sandbox = (failureRate: number) => ({
  stepMs: STEP_MS,
  failureRate,
  failureCode: 'address_not_found' as const,
  lateMinutes: 0,
  seed: 42,
  drivers: ['Grace Hopper', 'Alan Turing'],
  pollIntervalMs: 0,
});

const settingsOf = (harness: Harness) =>
  accountSettings({ accounts: harness.running.accounts, clock: harness.clock, urlPolicy: STRICT_OUTBOUND_POLICY });

const LAST_EVENT: Record<string, string> = { delivered: 'TaskDelivered', returned: 'TaskReturned' };

/** Moves the clock a step at a time and lets the sandbox act, until the order has ended. */
async function runUntilEnded(harness: Harness, token: string, taskId: string) {
  for (let step = 0; step < 20; step++) {
    harness.clock.advance(STEP_MS);
    await harness.running.sandbox!.tick();
    const { status } = (await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token })).body.completedShipments[0];
    if (['delivered', 'returned'].includes(status)) return status as string;
  }
  throw new Error('the sandbox did not finish the delivery');
}

/** One delivery by the sandbox fleet, as the caller sees it: the events of the task, and the driver. */
async function deliverWithSandbox(failureRate: number, fulfillmentId: string) {
  const harness = await startHarness({ sandbox: sandbox(failureRate) });
  try {
    const token = await tokenFor(harness);
    const collector = await collectOrderEvents<OrderTopicEvent>(harness);
    const created = await call(harness, 'POST', V1_ORDERS, {
      token,
      json: aShipRequest({ fulfillmentId, orderId: `ORD-${fulfillmentId}` }),
    });
    const taskId = created.body.completedShipments[0].task_id;
    const ended = await runUntilEnded(harness, token, taskId);
    await harness.running.relay.flush();
    // The relay has published the last event; the collector's subscription takes it a moment later.
    await eventually(() => expect(collector.events.map((e) => e.type)).toContain(LAST_EVENT[ended]));
    const shipment = (await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token })).body.completedShipments[0];
    const history = collector.events
      .filter((e) => e.subject === taskId)
      .map((e) => `${e.type}${e.type === 'DriverAssigned' ? ` ${e.data.driver.name}` : ''}@${e.occurredAt}`);
    await collector.stop();
    return {
      ended,
      shipment,
      history: history.map((line) => line.replace(/@.*/, '')),
      times: history.map((line) => line.replace(/.*@/, '')),
    };
  } finally {
    await harness.stop();
  }
}

describe('the sandbox fleet', () => {
  it('takes a Same-Day order from dispatch to delivered through the fleet API, with a named driver and proof', async () => {
    const { ended, shipment, history } = await deliverWithSandbox(0, 'FUL-SANDBOX-1');
    expect(ended).toBe('delivered');
    expect(['Grace Hopper', 'Alan Turing']).toContain(shipment.driver.name);
    expect(shipment.way_points[1]).toMatchObject({
      completed_at: expect.any(String),
      proof_of_delivery: { recipient_name: 'Ada Lovelace', note: 'Handed to the recipient' },
    });
    expect(history.map((line) => line.split(' ')[0])).toEqual([
      'OrderCreated',
      'TaskDispatched',
      'DispatchAccepted',
      'DriverAssigned',
      'TaskStarted',
      'TaskEtaUpdated',
      'WayPointArrived',
      'WayPointCompleted',
      'TaskStarted',
      'TaskEtaUpdated',
      'WayPointArrived',
      'WayPointCompleted',
      'TaskDelivered',
    ]);
  });

  it("leaves a fleet with drivers of its own to them: the driver app's order stays offered", async () => {
    const harness = await startHarness({ sandbox: sandbox(0) });
    try {
      const token = await tokenFor(harness);
      const created = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() });
      const { task_id: taskId, fleet } = (
        await call(harness, 'GET', `${V1_ORDERS}/${created.body.completedShipments[0].task_id}`, { token })
      ).body.completedShipments[0];
      await settingsOf(harness).addDriver({ accountId: 'demo', fleetId: fleet.id, name: 'Ada Driver', phone: '+12175550501' });
      for (let step = 0; step < 3; step++) {
        harness.clock.advance(STEP_MS);
        expect(await harness.running.sandbox!.tick()).toBe(0);
      }
      const shipment = (await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token })).body.completedShipments[0];
      expect({ status: shipment.status, driver: shipment.driver }).toEqual({ status: 'dispatched', driver: null });
    } finally {
      await harness.stop();
    }
  });

  it('gives the same history twice at a fixed seed, to the millisecond', async () => {
    const [first, second] = [await deliverWithSandbox(0.5, 'FUL-SEEDED'), await deliverWithSandbox(0.5, 'FUL-SEEDED')];
    expect(second.history).toEqual(first.history);
    expect(second.times).toEqual(first.times);
  });

  it('fails a drop-off at its failure rate with its failure code, and returns the parcel', async () => {
    const { ended, history, shipment } = await deliverWithSandbox(1, 'FUL-SANDBOX-FAIL');
    expect(ended).toBe('returned');
    expect(history.slice(-4)).toEqual(['WayPointFailed', 'TaskFailed', 'ReturnStarted', 'TaskReturned']);
    const dropoff = shipment.way_points.find((w: { type: string }) => w.type === 'dropoff');
    expect(dropoff.failure).toEqual({ reason: 'the address could not be found', code: 'address_not_found', at: expect.any(String) });
  });

  it('runs as its own process, a client of the gateway like any fleet app', async () => {
    const harness = await startHarness();
    const { app, clientSecret } = await createClientApp(
      { accountId: 'demo', name: 'sandbox-process', fleetId: 1 },
      { accounts: harness.running.accounts, clock: harness.clock },
    );
    const root = join(__dirname, '..');
    const child = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/sandbox-fleet/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        GATEWAY_URL: harness.url,
        SANDBOX_CLIENT_ID: app.clientId,
        SANDBOX_CLIENT_SECRET: clientSecret,
        SANDBOX_STEP_SECONDS: '0',
        SANDBOX_POLL_INTERVAL_MS: '100',
        // Both Jest projects run this suite at once: a fixed ops port would fail the second child.
        OPS_PORT: '0',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    let exited: number | null = null;
    child.on('exit', (code) => (exited = code ?? -1));
    try {
      const token = await tokenFor(harness);
      const created = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() });
      const taskId = created.body.completedShipments[0].task_id;
      await eventually(
        async () => {
          if (exited !== null) throw new Error(`the sandbox process exited (${exited}): ${stderr}`);
          expect((await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token })).body.completedShipments[0].status).toBe('delivered');
        },
        // A new Node process compiling its TypeScript takes many seconds while the other suites load both cores.
        45_000,
      );
    } finally {
      child.kill();
      await harness.stop();
    }
  }, 60_000);
});
