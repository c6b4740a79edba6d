import { consoleSession } from './support/console-session';
import { aCancelEvent, aShipRequest } from './support/ship-request.fixture';
import { call, createOtherAccount, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const NOTES = (taskId: string, wayPointId: string) =>
  `/partner-integrations-service/v1/integrations/tasks/${taskId}/way_points/${wayPointId}/notes`;

describe('Console API: deliveries, their timeline and their label', () => {
  let harness: Harness;
  let token: string;
  const created: { task_id: string; orderId: string; fulfillmentId: string; way_points: { id: string; type: string }[] }[] = [];

  beforeAll(async () => {
    harness = await startHarness();
    token = await tokenFor(harness);
    for (const minute of [1, 2, 3]) {
      harness.clock.advance(60_000 * minute);
      const answer = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() });
      created.push(answer.body.completedShipments[0]);
    }
    await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token, json: aCancelEvent(created[0]!.fulfillmentId) });
  });
  afterAll(() => harness.stop());

  const ids = (body: { deliveries: { task_id: string }[] }) => body.deliveries.map((d) => d.task_id);

  it('lists the deliveries newest first, a page at a time, and finds one by any of its ids', async () => {
    const viewer = await consoleSession(harness, 'viewer');
    const [oldest, middle, newest] = created.map((c) => c.task_id);
    const first = await viewer.as('GET', '/console/api/deliveries?limit=2');
    expect(first.status).toBe(200);
    expect(ids(first.body)).toEqual([newest, middle]);
    expect(first.body.deliveries[0]).toMatchObject({ status: 'dispatched', order_id: created[2]!.orderId, recipient: expect.any(String) });
    const second = await viewer.as('GET', `/console/api/deliveries?limit=2&cursor=${first.body.next_cursor}`);
    expect(ids(second.body)).toEqual([oldest]);

    for (const q of [middle!, created[1]!.fulfillmentId, created[1]!.orderId]) {
      expect(ids((await viewer.as('GET', `/console/api/deliveries?q=${encodeURIComponent(q)}`)).body)).toEqual([middle]);
    }
    expect(ids((await viewer.as('GET', '/console/api/deliveries?status=cancelled')).body)).toEqual([oldest]);
  });

  it('shows a delivery with its timeline, notes and ZPL label, and the webhooks sent about it', async () => {
    const viewer = await consoleSession(harness, 'viewer');
    const task = created[0]!;
    const dropoff = task.way_points.find((w) => w.type === 'dropoff')!.id;
    await call(harness, 'POST', NOTES(task.task_id, dropoff), { token, json: { type: 0, note: 'Gate code 4521' } });
    const answer = await viewer.as('GET', `/console/api/deliveries/${task.task_id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.delivery).toMatchObject({ task_id: task.task_id, status: 'cancelled' });
    expect(answer.body.timeline.map((step: { event: string }) => step.event)).toEqual(['OrderCreated', 'TaskDispatched', 'OrderCancelled']);
    expect(answer.body.delivery.way_points[1].notes.map((n: { note: string }) => n.note)).toEqual(['Gate code 4521']);
    expect(answer.body.label).toMatch(/^\^XA/);
    expect(answer.body.label_svg).toHaveLength(answer.body.delivery.completedPackages.length);
    expect(answer.body.label_svg[0]).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const webhooks = await viewer.as('GET', `/console/api/webhook-deliveries?task_id=${task.task_id}`);
    expect(webhooks.status).toBe(200);
    expect(webhooks.body.deliveries).toEqual([]);
  });

  it("keeps another account's deliveries out of reach, and answers a bad filter with 400 naming it", async () => {
    const other = await createOtherAccount(harness);
    const stranger = await consoleSession(harness, 'owner', other.accountId);
    expect((await stranger.as('GET', '/console/api/deliveries')).body.deliveries).toEqual([]);
    expect(ids((await stranger.as('GET', `/console/api/deliveries?q=${created[0]!.task_id}`)).body)).toEqual([]);
    expect((await stranger.as('GET', `/console/api/deliveries/${created[0]!.task_id}`)).status).toBe(404);

    const admin = await consoleSession(harness, 'admin');
    for (const [query, field] of [
      ['status=teleported', 'status'],
      ['limit=0', 'limit'],
      ['from=yesterday', 'from'],
      ['cursor=not-ours', 'cursor'],
    ]) {
      const answer = await admin.as('GET', `/console/api/deliveries?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.details.reason).toContain(field);
    }
  });
});
