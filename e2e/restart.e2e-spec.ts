import { tempDataDir } from '@delivery/testing';
import { eventually } from '@delivery/testing';
import { aShipRequest } from './support/ship-request.fixture';
import { call, collectOrderEvents, startHarness, tokenFor, V1_ORDERS } from './support/standalone-harness';

describe('restart of the standalone', () => {
  const dir = tempDataDir('restart-');
  afterAll(() => dir.remove());

  it('keeps orders, tokens and unpublished events, and publishes those events after the restart', async () => {
    const first = await startHarness({ dataDir: dir.path });
    // With the relay stopped, events stay in the outbox, as while a broker is unreachable.
    await first.running.relay.stop();
    const token = await tokenFor(first);
    const created = [];
    for (let i = 0; i < 3; i++)
      created.push((await call(first, 'POST', V1_ORDERS, { token, json: aShipRequest() })).body.completedShipments[0]);
    const cancelled = created[2];
    await call(first, 'POST', `${V1_ORDERS}/cancel`, {
      token,
      json: { EventName: 'FulfillmentCancel', CurrentObject: { FulfillmentId: cancelled.fulfillmentId } },
    });
    await first.running.stop();

    const second = await startHarness({ dataDir: dir.path });
    const collector = await collectOrderEvents(second);
    for (const order of created) {
      const { status, body } = await call(second, 'GET', `${V1_ORDERS}/${order.task_id}`, { token });
      expect(status).toBe(200);
      expect(body.completedShipments[0].shipmentId).toBe(order.shipmentId);
    }
    expect((await call(second, 'GET', `${V1_ORDERS}/${cancelled.task_id}`, { token })).body.completedShipments[0].status).toBe('cancelled');

    await eventually(() => expect(collector.events).toHaveLength(7));
    expect(collector.events.map((e) => `${e.subject}:${e.type}`)).toEqual([
      ...created.flatMap((o) => [`${o.task_id}:OrderCreated`, `${o.task_id}:TaskDispatched`]),
      `${cancelled.task_id}:OrderCancelled`,
    ]);
    await collector.stop();
    await second.running.stop();
  });
});
