import { request } from 'node:http';
import { connect } from 'node:net';
import { shipResponseSchema } from '@delivery/contracts';
import { startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

/** What Node's HTTP parser and the Authorization header can do to a request, answered as the spec's envelope. */
describe('HTTP edges', () => {
  let harness: Harness;
  let token: string;

  beforeAll(async () => {
    harness = await startHarness();
    token = await tokenFor(harness);
  });
  afterAll(() => harness.stop());

  /** A raw exchange, so headers beyond Node's client checks reach the server as a caller's proxy would send them. */
  function raw(headers: Record<string, string>): Promise<{ status: number; contentType: string | undefined; body: string }> {
    return new Promise((resolve, reject) => {
      const url = new URL(`${harness.url}${V1_ORDERS}/tsk_000000000000000000000000`);
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers, maxHeaderSize: 64 * 1024 }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, contentType: res.headers['content-type'], body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers headers over the limit with 431 and the ship error envelope, not an empty body', async () => {
    const answer = await raw({ authorization: `Bearer ${token}`, 'x-platform-trace': 'x'.repeat(40 * 1024) });
    expect(answer.status).toBe(431);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(shipResponseSchema.parse(JSON.parse(answer.body))).toMatchObject({
      severityType: 'ERROR',
      notifications: [{ errorCode: 'HEADERS_TOO_LARGE', message: 'Request headers are larger than the limit' }],
      completedShipments: [],
    });
  });

  /** Bytes as a broken client or proxy sends them, and what came back. */
  function rawBytes(bytes: string): Promise<string> {
    const url = new URL(harness.url);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: url.hostname, port: Number(url.port) }, () => socket.end(bytes));
      let answer = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  }
  const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

  it('answers what the parser refuses in the envelope of the surface its request line names', async () => {
    const bigHeader = `x-trace: ${'x'.repeat(40 * 1024)}\r\n`;
    const fleet = await rawBytes(`GET /fleet/v1/tasks HTTP/1.1\r\nHost: x\r\n${bigHeader}\r\n`);
    expect(fleet).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(bodyOf(fleet))).toMatchObject({ status: 431, success: false });
    const tracking = await rawBytes(`GET /track/abc HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n`);
    expect(tracking).toMatch(/^HTTP\/1\.1 400 [^]*Content-Type: text\/html/);
    const token = await rawBytes(`POST /oauth/token HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n`);
    expect(JSON.parse(bodyOf(token))).toMatchObject({ error: 'invalid_request' });
    const orders = await rawBytes(`GET ${V1_ORDERS}/x HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n`);
    expect(shipResponseSchema.parse(JSON.parse(bodyOf(orders))).notifications![0]).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
  });

  it('says a path that cannot be decoded could not be decoded, not that the body could not be read', async () => {
    const answer = await fetch(`${harness.url}/fleet/v1/tasks/%zz`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain('the path could not be decoded');
  });

  it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])('accepts the %s scheme (RFC 7235: case-insensitive)', async (scheme) => {
    const answer = await raw({ authorization: `${scheme} ${token}` });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).notifications[0].errorCode).toBe('ORDER_NOT_FOUND');
  });

  it('still refuses another scheme, or a token with nothing before it', async () => {
    for (const authorization of [`Basic ${token}`, token, 'Bearer', `Bearer${token}`]) {
      const answer = await raw({ authorization });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body).notifications[0].errorCode).toBe('UNAUTHENTICATED');
    }
  });
});
