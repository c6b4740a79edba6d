import { aShipRequest } from './support/ship-request.fixture';
import { call, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

describe('order-lifecycle down', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ grpcDeadlineMs: 1_000 });
  });
  afterAll(() => harness.stop());

  it('answers 503 in the envelope within the deadline instead of hanging', async () => {
    const token = await tokenFor(harness);
    await harness.running.stopOrderLifecycle();
    const started = Date.now();
    const { status, body } = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(status).toBe(503);
    expect(body).toMatchObject({ severityType: 'ERROR', provider: null, completedShipments: [] });
    expect(body.notifications[0].errorCode).toBe('SERVICE_UNAVAILABLE');

    const get = await call(harness, 'GET', `${V1_ORDERS}/tsk_000000000000000000000000`, { token });
    expect(get.status).toBe(503);

    const health = await call(harness, 'GET', '/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});
