import { eventually } from '@delivery/testing';
import { Metrics } from './metrics';
import { startOpsServer } from './ops-server';

describe('the operations port', () => {
  it('answers alive, ready only while its own checks answer whatever its dependencies do, not ready once stopping, and metrics', async () => {
    let storeUp = true;
    let peerUp = true;
    let peerHangs: Promise<void> | null = null;
    let wedged = false;
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
      dependencies: [{ name: 'peer', check: async () => (await peerHangs, peerUp ? undefined : Promise.reject(new Error('unavailable'))) }],
      liveness: [{ name: 'consumers', check: async () => (wedged ? Promise.reject(new Error('out of its group for 301 s')) : undefined) }],
    });
    const get = async (path: string) => {
      const response = await fetch(`http://127.0.0.1:${ops.port}${path}`);
      return { status: response.status, text: await response.text() };
    };
    try {
      expect(await get('/healthz')).toEqual({ status: 200, text: '{"status":"alive"}' });
      wedged = true;
      expect(await get('/healthz')).toEqual({
        status: 503,
        text: '{"status":"wedged","checks":{"consumers":"out of its group for 301 s"}}',
      });
      wedged = false;
      expect(JSON.parse((await get('/readyz')).text)).toEqual({
        status: 'ready',
        checks: { store: 'ok', bus: 'ok' },
        dependencies: { peer: 'ok' },
      });
      // A dependency down is reported (once looked at), in the answer and the metric, and readiness stays.
      peerUp = false;
      await eventually(async () => {
        const peerDown = await get('/readyz');
        expect(peerDown.status).toBe(200);
        expect(JSON.parse(peerDown.text).dependencies).toEqual({ peer: 'unavailable' });
      });
      expect((await get('/metrics')).text).toContain('dependency_up{dependency="peer"} 0');
      peerUp = true;
      await eventually(async () => expect((await get('/metrics')).text).toContain('dependency_up{dependency="peer"} 1'));
      // A dependency that does not answer at all holds neither the probe nor the scrape: both answer from what was last seen.
      let answer = () => undefined as void;
      peerHangs = new Promise<void>((resolve) => (answer = resolve));
      const held = await get('/readyz');
      expect(held.status).toBe(200);
      expect(JSON.parse(held.text).dependencies).toEqual({ peer: 'ok' });
      expect((await get('/metrics')).text).toContain('dependency_up{dependency="peer"} 1');
      answer();
      peerHangs = null;
      storeUp = false;
      const notReady = await get('/readyz');
      expect(notReady.status).toBe(503);
      expect(JSON.parse(notReady.text).checks).toEqual({ store: 'connection refused', bus: 'ok' });
      // The readiness the last probe or scrape found, for the alert on it.
      expect((await get('/metrics')).text).toContain('app_ready 0');
      storeUp = true;
      expect((await get('/metrics')).text).toContain('app_ready 1');
      ops.markStopping();
      expect((await get('/readyz')).status).toBe(503);
      expect((await get('/metrics')).text).toContain('app_ready 0');
      expect((await get('/healthz')).status).toBe(200);
      expect((await get('/metrics')).text).toContain('webhook_attempts_total{outcome="delivered"} 1');
    } finally {
      await ops.close();
    }
  });
});
