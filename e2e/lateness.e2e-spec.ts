import { shipResponseSchema, webhookPayloadSchema, type OrderTopicEvent } from '@delivery/contracts';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '@delivery/testing';
import { adminCommands } from '../apps/admin/src';
import { adminDepsOver } from '../apps/admin/src';
import { consoleSession } from './support/console-session';
import { aShipRequest } from './support/ship-request.fixture';
import { call, collectOrderEvents, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const WEBHOOKS = { urlPolicy: { allowHttp: true, allowPrivateNetworks: true }, pollIntervalMs: 50, endpointCacheMs: 0 };

describe('Lateness: a delivery with no driver close to its pickup is told late once, on Kafka, by webhook and in Get Order', () => {
  let harness: Harness;
  let token: string;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    harness = await startHarness({ webhooks: WEBHOOKS });
    token = await tokenFor(harness);
    receiver = await startWebhookReceiver(() => ({ status: 204 }));
    await adminCommands['add-webhook']!(
      { account: 'demo', url: receiver.url, events: 'task.late' },
      adminDepsOver({
        accounts: harness.running.accounts,
        deliveries: harness.running.deliveries,
        clock: harness.clock,
        urlPolicy: WEBHOOKS.urlPolicy,
      }),
    );
  });
  afterAll(async () => {
    await harness.stop();
    await receiver.stop();
  });

  it('tells "unassigned" at the account threshold before the pickup, once, with the deadline it passed', async () => {
    await harness.running.accounts.setDeliveryPolicies('demo', {
      lateness: { unassignedMinutesBeforePickup: 45, pickupGraceMinutes: 30, stalledMinutes: 60 },
    });
    const collector = await collectOrderEvents<OrderTopicEvent>(harness);
    const created = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() });
    const taskId = shipResponseSchema.parse(created.body).completedShipments![0]!.task_id;
    // The order ships at 15:00:00.123 UTC the next day: 45 minutes before is 14:15:00.123.
    harness.clock.advance(Date.parse('2026-11-23T14:14:00.000Z') - harness.clock.now().getTime());
    expect(await harness.running.lateness.sweep()).toBe(0);
    harness.clock.advance(74_000);
    expect(await harness.running.lateness.sweep()).toBe(1);
    expect(await harness.running.lateness.sweep()).toBe(0);

    // A day on, the first token has expired.
    const read = await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token: await tokenFor(harness) });
    expect(shipResponseSchema.parse(read.body).completedShipments![0]!.lateness).toEqual([
      {
        kind: 'unassigned',
        deadline: '2026-11-23T14:15:00.123Z',
        at: '2026-11-23T14:15:14.000Z',
        detail: 'no driver 45 minutes before the pickup at 2026-11-23T15:00:00.123Z',
      },
    ]);
    await harness.running.relay.flush();
    await eventually(() =>
      expect(
        collector.events
          .filter((e) => e.subject === taskId && e.type === 'TaskLate')
          .map((e) => e.type === 'TaskLate' && e.data.alert.kind),
      ).toEqual(['unassigned']),
    );
    await collector.stop();
    await eventually(() => expect(receiver.received).toHaveLength(1));
    const webhook = webhookPayloadSchema.parse(JSON.parse(receiver.received[0]!.body));
    expect(webhook).toMatchObject({
      type: 'task.late',
      data: { task_id: taskId, lateness: { kind: 'unassigned', deadline: '2026-11-23T14:15:00.123Z' } },
    });

    // The console's "late" filter: an order made since, not swept yet, is not among them.
    const onTime = await call(harness, 'POST', V1_ORDERS, { token: await tokenFor(harness), json: aShipRequest() });
    const onTimeId = shipResponseSchema.parse(onTime.body).completedShipments![0]!.task_id;
    const viewer = await consoleSession(harness, 'viewer');
    const late = await viewer.as('GET', '/console/api/deliveries?late=true');
    expect(late.body.deliveries.map((d: { task_id: string; late: string[] }) => [d.task_id, d.late])).toEqual([[taskId, ['unassigned']]]);
    const all = await viewer.as('GET', '/console/api/deliveries');
    expect(all.body.deliveries.map((d: { task_id: string }) => d.task_id)).toEqual([onTimeId, taskId]);
  });
});
