import { shipResponseSchema } from '@delivery/contracts';
import { eventually } from '@delivery/testing';
import { aCancelEvent, aShipRequest } from './support/ship-request.fixture';
import {
  call,
  collectOrderEvents,
  createOtherAccount,
  startHarness,
  tokenFor,
  V1_ORDERS,
  type Harness,
} from './support/standalone-harness';

describe('POST /partner-integrations-service/v1/integrations/partner/orders/cancel (Cancel Order)', () => {
  let harness: Harness;
  let token: string;

  beforeAll(async () => {
    harness = await startHarness();
    token = await tokenFor(harness);
  });
  afterAll(() => harness.stop());

  const createOrder = async () => (await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() })).body.completedShipments[0];
  const cancel = (json: unknown, as = token) => call(harness, 'POST', `${V1_ORDERS}/cancel`, { token: as, json });

  it('cancels the order named by CurrentObject.FulfillmentId and answers the success envelope', async () => {
    const collector = await collectOrderEvents(harness);
    const order = await createOrder();
    const { status, body } = await cancel(aCancelEvent(order.fulfillmentId));
    expect(status).toBe(200);
    expect(shipResponseSchema.parse(body)).toEqual({
      severityType: 'SUCCESS',
      notifications: [
        {
          code: '0000',
          message: `Order for fulfillment ${order.fulfillmentId} cancelled successfully`,
          severity: 'SUCCESS',
          source: 'delivery-orchestration',
        },
      ],
      provider: null,
      completedShipments: null,
    });
    const after = await call(harness, 'GET', `${V1_ORDERS}/${order.task_id}`, { token });
    expect(after.body.completedShipments[0]).toMatchObject({ status: 'cancelled', ready_to_execute: false });
    await eventually(() =>
      expect(collector.events.filter((e) => e.subject === order.task_id).map((e) => e.type)).toEqual([
        'OrderCreated',
        'TaskDispatched',
        'OrderCancelled',
      ]),
    );
    expect(collector.events.find((e) => e.type === 'OrderCancelled' && e.subject === order.task_id)?.data).toMatchObject({
      cancelReasonId: 'CUSTOMER_REQUEST',
      fulfillmentId: order.fulfillmentId,
    });
    await collector.stop();
  });

  it('falls back to ChangeSet.FulfillmentId', async () => {
    const order = await createOrder();
    const { status } = await cancel({
      EventName: 'FulfillmentCancel',
      CurrentObject: {},
      ChangeSet: { FulfillmentId: order.fulfillmentId },
    });
    expect(status).toBe(200);
  });

  it('answers a second cancel with success, says it was already cancelled, and publishes no second event', async () => {
    const collector = await collectOrderEvents(harness);
    const order = await createOrder();
    await cancel(aCancelEvent(order.fulfillmentId));
    const again = await cancel(aCancelEvent(order.fulfillmentId));
    expect(again.status).toBe(200);
    expect(again.body.notifications[0].message).toBe(`Order for fulfillment ${order.fulfillmentId} was already cancelled`);
    await eventually(() => expect(collector.events.some((e) => e.type === 'OrderCancelled' && e.subject === order.task_id)).toBe(true));
    await harness.running.relay.flush();
    expect(collector.events.filter((e) => e.type === 'OrderCancelled' && e.subject === order.task_id)).toHaveLength(1);
    await collector.stop();
  });

  it("answers an unknown order with 404 and the spec's failure envelope (completedShipments null)", async () => {
    const { status, body } = await cancel(aCancelEvent('FUL-DOES-NOT-EXIST'));
    expect(status).toBe(404);
    expect(shipResponseSchema.parse(body)).toMatchObject({ severityType: 'ERROR', provider: null, completedShipments: null });
    expect(body.notifications[0]).toMatchObject({
      code: '0000',
      severity: 'ERROR',
      message: 'Failed to cancel the order: no order found for fulfillment FUL-DOES-NOT-EXIST',
    });
  });

  it("cannot cancel another account's order, and the order stays as it was", async () => {
    const order = await createOrder();
    const otherToken = await tokenFor(harness, await createOtherAccount(harness));
    const { status } = await cancel(aCancelEvent(order.fulfillmentId), otherToken);
    expect(status).toBe(404);
    const after = await call(harness, 'GET', `${V1_ORDERS}/${order.task_id}`, { token });
    expect(after.body.completedShipments[0].status).toBe('dispatched');
  });

  it('refuses an event that names no fulfillment with 400, completedShipments null', async () => {
    const { status, body } = await cancel({ EventName: 'FulfillmentCancel', CurrentObject: { CancelReasonId: 'x' } });
    expect(status).toBe(400);
    expect(body).toMatchObject({ severityType: 'ERROR', completedShipments: null });
    expect(body.notifications[0].message).toContain('FulfillmentId');
  });

  it('refuses an event of another kind with 400', async () => {
    const order = await createOrder();
    const { status } = await cancel({ ...aCancelEvent(order.fulfillmentId), EventName: 'FulfillmentCreate' });
    expect(status).toBe(400);
  });
});
