import { Metrics } from './metrics';
import { startOpsServer } from './ops-server';

describe('the operations port', () => {
  it('answers alive, ready only while every check answers, not ready once stopping, and metrics', async () => {
    let storeUp = true;
    const metrics = new Metrics();
    metrics.webhookAttempts.inc({ outcome: 'delivered' });
    const ops = await startOpsServer({
      host: '127.0.0.1',
      port: 0,
      metrics,
      checks: [
        { name: 'store', check: async () => (storeUp ? undefined : Promise.reject(new Error('connection refused'))) },
        { name: 'bus', check: async () => undefined },
      ],
    });
    const get = async (path: string) => {
      const response = await fetch(`http://127.0.0.1:${ops.port}${path}`);
      return { status: response.status, text: await response.text() };
    };
    try {
      expect(await get('/healthz')).toEqual({ status: 200, text: '{"status":"alive"}' });
      expect(JSON.parse((await get('/readyz')).text)).toEqual({ status: 'ready', checks: { store: 'ok', bus: 'ok' } });
      storeUp = false;
      const notReady = await get('/readyz');
      expect(notReady.status).toBe(503);
      expect(JSON.parse(notReady.text).checks).toEqual({ store: 'connection refused', bus: 'ok' });
      storeUp = true;
      ops.markStopping();
      expect((await get('/readyz')).status).toBe(503);
      expect((await get('/healthz')).status).toBe(200);
      expect((await get('/metrics')).text).toContain('webhook_attempts_total{outcome="delivered"} 1');
    } finally {
      await ops.close();
    }
  });
});
