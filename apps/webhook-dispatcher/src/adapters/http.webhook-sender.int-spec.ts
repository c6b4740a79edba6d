import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { recordIntegrationSuite, startWebhookReceiver, type WebhookAnswer, type WebhookReceiver } from '@delivery/testing';
import { HttpWebhookSender } from './http.webhook-sender';

/** The sender against real HTTP servers on the loopback, as a caller's receiver. */
describe('HttpWebhookSender over HTTP', () => {
  const open = { allowHttp: true, allowPrivateNetworks: true };
  const headers = { 'content-type': 'application/json', 'webhook-id': 'msg_1', authorization: 'Bearer token' };
  const body = '{"type":"order.created"}';
  let receiver: WebhookReceiver;
  let sender: HttpWebhookSender;

  beforeAll(() => recordIntegrationSuite({ suite: 'webhook-dispatcher/http-sender', ran: true }));
  beforeEach(async () => {
    receiver = await startWebhookReceiver();
    sender = new HttpWebhookSender({ policy: open, timeoutMs: 2_000 });
  });
  afterEach(async () => {
    sender.close();
    await receiver.stop();
  });

  it('POSTs the body and headers as given and reports the answer', async () => {
    const result = await sender.send({ url: receiver.url, headers, body });

    expect(result).toEqual({ kind: 'response', statusCode: 204, latencyMs: expect.any(Number) });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.body).toBe(body);
    expect(receiver.received[0]!.headers).toMatchObject({ ...headers, 'content-length': String(body.length) });
  });

  it('keeps its connections alive between webhooks', async () => {
    for (let i = 0; i < 20; i++) await sender.send({ url: receiver.url, headers, body });

    expect(receiver.received).toHaveLength(20);
    expect(receiver.connections()).toBe(1);
  });

  it('reports Retry-After, and a redirect without following it', async () => {
    receiver.answerWith((_, index): WebhookAnswer =>
      index === 0 ? { status: 429, headers: { 'retry-after': '30' } } : { status: 302, headers: { location: `${receiver.url}/elsewhere` } },
    );

    expect(await sender.send({ url: receiver.url, headers, body })).toMatchObject({ kind: 'response', statusCode: 429, retryAfter: '30' });
    expect(await sender.send({ url: receiver.url, headers, body })).toMatchObject({
      kind: 'response',
      statusCode: 302,
      location: `${receiver.url}/elsewhere`,
    });
    expect(receiver.received).toHaveLength(2);
  });

  it('reads past a long answer body', async () => {
    const talker = await listen((_, res) => res.writeHead(500).end('x'.repeat(256 * 1024)));
    try {
      expect(await sender.send({ url: urlOf(talker), headers, body })).toMatchObject({ kind: 'response', statusCode: 500 });
    } finally {
      await close(talker);
    }
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const silent = await listen(() => undefined);
    const impatient = new HttpWebhookSender({ policy: open, timeoutMs: 200 });
    try {
      expect(await impatient.send({ url: urlOf(silent), headers, body })).toEqual({
        kind: 'error',
        latencyMs: expect.any(Number),
        error: 'no answer within 200 ms',
      });
    } finally {
      impatient.close();
      await close(silent);
    }
  });

  it('reports a receiver that refuses connections as an error to retry', async () => {
    await receiver.stop();

    expect(await sender.send({ url: receiver.url, headers, body })).toMatchObject({
      kind: 'error',
      error: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it.each([
    ['a host name that resolves to a private address', (url: string) => url.replace('127.0.0.1', 'localhost')],
    ['a private address written as such', (url: string) => url],
  ])('refuses %s without connecting', async (_, urlFor) => {
    const strict = new HttpWebhookSender({ policy: { allowHttp: true, allowPrivateNetworks: false }, timeoutMs: 2_000 });
    try {
      expect(await strict.send({ url: urlFor(receiver.url), headers, body })).toMatchObject({
        kind: 'refused',
        error: expect.stringContaining('not a public address'),
      });
      expect(receiver.connections()).toBe(0);
    } finally {
      strict.close();
    }
  });

  it('answers a header it cannot send (a line break in a value saved before values were checked) as a refused try, sending nothing', async () => {
    const result = await sender.send({ url: receiver.url, headers: { ...headers, 'x-api-key': 'k\r\nx-evil: 1' }, body });
    expect(result).toMatchObject({ kind: 'refused', error: expect.stringContaining('could not be sent') });
    expect(JSON.stringify(result)).not.toContain('x-evil');
    expect(receiver.connections()).toBe(0);
  });

  it('refuses http unless allowed', async () => {
    const httpsOnly = new HttpWebhookSender({ policy: { allowHttp: false, allowPrivateNetworks: true }, timeoutMs: 2_000 });
    try {
      expect(await httpsOnly.send({ url: receiver.url, headers, body })).toMatchObject({ kind: 'refused', latencyMs: 0 });
      expect(receiver.connections()).toBe(0);
    } finally {
      httpsOnly.close();
    }
  });
});

function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
