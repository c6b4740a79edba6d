import * as grpc from '@grpc/grpc-js';
import { DomainError } from '@delivery/contracts';
import { CHANNEL_OPTIONS, RemoteCallError, callUnary } from './unary-call';
import { unaryHandler } from './unary-handler';
import { loadOrderLifecycleProto } from './load-protos';
import type { GetOrderRequest, GetOrderRequest__Output } from './generated/delivery/v1/GetOrderRequest';
import type { GetOrderResponse__Output } from './generated/delivery/v1/GetOrderResponse';
import type { OrderLifecycleClient } from './generated/delivery/v1/OrderLifecycle';

describe('gRPC unary helpers over a real server', () => {
  const proto = loadOrderLifecycleProto();
  let server: grpc.Server;
  let client: OrderLifecycleClient;
  const logged: unknown[] = [];

  beforeAll(async () => {
    server = new grpc.Server();
    const logger = { error: (...args: unknown[]) => logged.push(args) };
    const fail = (error: Error) => unaryHandler(async () => Promise.reject(error), logger);
    server.addService(proto.delivery.v1.OrderLifecycle.service, {
      GetOrder: unaryHandler(async (request: GetOrderRequest__Output) => {
        if (request.id === 'missing') throw new DomainError('ORDER_NOT_FOUND', 'no such order');
        if (request.id === 'crash') throw new Error('secret stack detail');
        if (request.id === 'store-down')
          throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:27017'), { name: 'MongoServerSelectionError' });
        return { task: { id: request.id, accountId: request.accountId } };
      }, logger),
      CreateOrder: fail(new Error('unused')),
      CancelOrder: fail(new Error('unused')),
      GetDocument: fail(new Error('unused')),
    });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
    );
    client = new proto.delivery.v1.OrderLifecycle(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  });
  afterAll(() => {
    client.close();
    server.forceShutdown();
  });

  const getOrder = (id: string, c = client) =>
    callUnary<GetOrderRequest, GetOrderResponse__Output>(c.getOrder.bind(c), { accountId: 'acc', id }, 2_000);

  it('spreads calls over every address of the target, as over the pods of a headless Service', async () => {
    const answered: string[] = [];
    const replica = async (name: string) => {
      const other = new grpc.Server();
      const unused = unaryHandler(async () => Promise.reject(new Error('unused')), { error: () => undefined });
      other.addService(proto.delivery.v1.OrderLifecycle.service, {
        GetOrder: unaryHandler(
          async (request: GetOrderRequest__Output) => {
            answered.push(name);
            return { task: { id: request.id, accountId: request.accountId } };
          },
          { error: () => undefined },
        ),
        CreateOrder: unused,
        CancelOrder: unused,
        GetDocument: unused,
      });
      const port = await new Promise<number>((resolve, reject) =>
        other.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
      );
      return { other, port };
    };
    const [a, b] = [await replica('a'), await replica('b')];
    const spread = new proto.delivery.v1.OrderLifecycle(
      `ipv4:127.0.0.1:${a.port},127.0.0.1:${b.port}`,
      grpc.credentials.createInsecure(),
      CHANNEL_OPTIONS,
    );
    for (let i = 0; i < 20; i += 1) await getOrder(`tsk_${i}`, spread);
    expect(answered.filter((n) => n === 'a').length).toBeGreaterThanOrEqual(5);
    expect(answered.filter((n) => n === 'b').length).toBeGreaterThanOrEqual(5);
    spread.close();
    a.other.forceShutdown();
    b.other.forceShutdown();
  });

  it('carries typed messages both ways', async () => {
    expect((await getOrder('tsk_1')).task).toMatchObject({ id: 'tsk_1', accountId: 'acc', status: 'TASK_STATUS_UNSPECIFIED' });
  });

  it('brings a domain error back with its code and message', async () => {
    await expect(getOrder('missing')).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND', message: 'no such order' });
  });

  it('answers a store the driver cannot reach as unavailable, naming no address', async () => {
    const error = (await getOrder('store-down').catch((e: unknown) => e)) as RemoteCallError;
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'A store this call needs is unavailable' });
    expect(error.message).not.toContain('10.0.0.7');
  });

  it('hides an unexpected error behind an error id, logged on the server', async () => {
    const error = (await getOrder('crash').catch((e: unknown) => e)) as RemoteCallError;
    expect(error).toBeInstanceOf(RemoteCallError);
    expect(error.code).toBe('INTERNAL');
    expect(error.message).not.toContain('secret');
    expect(error.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(logged)).toContain(error.errorId);
  });

  it('fails fast as SERVICE_UNAVAILABLE when nothing listens', async () => {
    const nowhere = new proto.delivery.v1.OrderLifecycle('127.0.0.1:1', grpc.credentials.createInsecure());
    await expect(getOrder('x', nowhere)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    nowhere.close();
  });
});
