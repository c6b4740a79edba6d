import { aCancelEvent, aQuoteRequest, aShipRequest } from './support/ship-request.fixture';
import { call, startHarness, tokenFor, V1_ORDERS, V2, type Harness } from './support/standalone-harness';

const notesPath = (taskId: string, wayPointId: string) =>
  `/partner-integrations-service/v1/integrations/tasks/${taskId}/way_points/${wayPointId}/notes`;

/**
 * What only the wire adds. Every other gateway suite calls the services in process, which give
 * the values the wire gives (docs/decisions.md, "The standalone's calls between services": a
 * property test checks every method's messages both ways); the distributed suites run every
 * flow over gRPC between processes. Here, in one process, the services served on loopback:
 * a call through each of the gateway's clients, the bytes both ways; a service gone answered
 * as 503 within the deadline; and the one value the two ways differ on.
 */
describe('the services over gRPC on loopback', () => {
  let harness: Harness;
  let token: string;

  beforeAll(async () => {
    harness = await startHarness({ transport: 'grpc', grpcDeadlineMs: 1_000 });
    token = await tokenFor(harness);
  });
  afterAll(() => harness.stop());

  it('carries a Same-Day order through the clients a caller reaches: quotes, Create Order, a note, Get Order, cancel', async () => {
    const quotes = await call(harness, 'POST', `${V2}/quotes`, { token, json: aQuoteRequest() });
    expect(quotes.status).toBe(200);
    const created = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest({ fulfillmentId: 'FUL-WIRE' }) });
    expect(created.status).toBe(200);
    const task = created.body.completedShipments[0] as { task_id: string; way_points: { id: string; type: string }[] };
    const dropoff = task.way_points.find((w) => w.type === 'dropoff')!.id;
    const note = await call(harness, 'POST', notesPath(task.task_id, dropoff), { token, json: { type: 0, note: 'Gate code 4521' } });
    expect(note.status).toBe(201);
    const fetched = await call(harness, 'GET', `${V1_ORDERS}/${task.task_id}`, { token });
    expect(fetched.body.completedShipments[0].way_points[1].notes.map((n: { note: string }) => n.note)).toEqual(['Gate code 4521']);
    expect((await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token, json: aCancelEvent('FUL-WIRE') })).status).toBe(200);
    expect((await call(harness, 'GET', `${V1_ORDERS}/${task.task_id}`, { token })).body.completedShipments[0].status).toBe('cancelled');
  });

  it('replaces text that is not well-formed Unicode (a lone surrogate) as the wire’s UTF-8 does, where the in-process path keeps it', async () => {
    const created = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest({ fulfillmentId: 'FUL-SURROGATE' }) });
    const task = created.body.completedShipments[0] as { task_id: string; way_points: { id: string; type: string }[] };
    const dropoff = task.way_points.find((w) => w.type === 'dropoff')!.id;
    const note = await call(harness, 'POST', notesPath(task.task_id, dropoff), {
      token,
      raw: '{"note":"ring \\ud800 twice"}',
      contentType: 'application/json',
    });
    expect(note.status).toBe(201);
    // protobufjs writes the lone surrogate as its three bytes, which UTF-8 refuses: each is read back as U+FFFD.
    expect(note.body.note.note).toBe('ring \ufffd\ufffd\ufffd twice');
  });

  it('answers 503 with Retry-After within the deadline once order-lifecycle is gone, and the gateway stays up', async () => {
    await harness.running.stopOrderLifecycle();
    const started = Date.now();
    const created = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest({ fulfillmentId: 'FUL-GONE' }) });
    // The deadline (1 s here), and what a busy machine adds to a refused connection's answer.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(created.status).toBe(503);
    expect(created.headers.get('retry-after')).toBe('5');
    expect(created.body.notifications[0].errorCode).toBe('SERVICE_UNAVAILABLE');
    expect((await call(harness, 'GET', '/health')).status).toBe(200);
  });
});
