import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RedisKeyValueStore } from '@delivery/key-value/redis';
import { OutboundClient } from '@delivery/outbound';
import { recordIntegrationSuite, startRedisServer, type ThrowAwayRedis } from '@delivery/testing';
import { CallBudget } from './call-budget';
import { callCourier } from './courier-call';

/** Courier call budgets on Redis, as two replicas of a service hold them (issue 23). */
describe('courier call budgets on Redis (throw-away redis-server)', () => {
  let redis: ThrowAwayRedis;
  let replicas: RedisKeyValueStore[];
  let network: Server;
  let asked = 0;
  const outbound = new OutboundClient({ policy: { allowHttp: true, allowPrivateNetworks: true } });

  beforeAll(async () => {
    try {
      redis = await startRedisServer();
    } catch (error) {
      recordIntegrationSuite({ suite: 'couriers/call-budget-redis', ran: false, reason: String(error) });
      throw error;
    }
    recordIntegrationSuite({ suite: 'couriers/call-budget-redis', ran: true });
    replicas = [await RedisKeyValueStore.connect(redis.url), await RedisKeyValueStore.connect(redis.url)];
    network = createServer((_req, res) => {
      asked += 1;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' }).end('{}');
    });
    await new Promise<void>((resolve) => network.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    outbound.close();
    network?.close();
    await Promise.all((replicas ?? []).map((r) => r.close().catch(() => undefined)));
    await redis?.stop();
  });

  const budgetOf = (replica: number) => new CallBudget(replicas[replica]!, 'doordash', 2, 60_000, Date.now);
  const call = (budget: CallBudget, key: string) =>
    callCourier(
      { client: outbound, budget },
      { network: 'DoorDash', key, refusals: {}, schema: null, what: 'a delivery' },
      {
        url: `http://127.0.0.1:${(network.address() as AddressInfo).port}/drive/v2/deliveries`,
        method: 'GET',
        headers: {},
        timeoutMs: 2_000,
      },
    );

  it('spends one budget across replicas: what one took, the other cannot', async () => {
    expect((await budgetOf(0).take('key-a')).ok).toBe(true);
    expect((await budgetOf(1).take('key-a')).ok).toBe(true);
    expect(await budgetOf(0).take('key-a')).toEqual({ ok: false, retryAfterSeconds: expect.any(Number) });
    expect((await budgetOf(1).take('key-b')).ok).toBe(true);
  });

  it("keeps a network's Retry-After for every replica: the other asks it nothing until then", async () => {
    const before = asked;
    expect(await call(budgetOf(0), 'key-c')).toMatchObject({ ok: false, failure: { status: '429', retryAfterSeconds: 30 } });
    expect(asked).toBe(before + 1);
    expect(await call(budgetOf(1), 'key-c')).toMatchObject({ ok: false, failure: { status: '429', retryAfterSeconds: 30 } });
    expect(asked).toBe(before + 1);
  });

  it('asks the network nothing when the budget cannot be read, and says so', async () => {
    const gone = await RedisKeyValueStore.connect(redis.url);
    await gone.close();
    const before = asked;
    expect(await call(new CallBudget(gone, 'doordash', 2, 60_000, Date.now), 'key-d')).toEqual({
      ok: false,
      failure: { message: 'DoorDash was not asked: our call budget could not be read', status: null },
    });
    // Witness that the network is there to be asked: a budget that can be read lets the call through.
    await call(budgetOf(0), 'key-e');
    expect(asked).toBe(before + 1);
  });
});
