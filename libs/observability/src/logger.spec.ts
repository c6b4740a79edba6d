import { Writable } from 'node:stream';
import { consoleLike, createLogger } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, log: createLogger('test-app', destination) };
}

describe('app logs', () => {
  it('are JSON lines naming the app, with credentials blanked wherever they sit', () => {
    const { lines, log } = capture();
    log.info(
      { client_secret: 's3cret', headers: { authorization: 'Bearer tok', 'webhook-signature': 'v1,sig' }, form: { access_token: 'tok2' } },
      'token request',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['s3cret', 'Bearer tok', 'v1,sig', 'tok2']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ app: 'test-app', msg: 'token request', level: 30 });
  });

  it("take the apps' console-style calls: text as the message, an Error with its stack", () => {
    const { lines, log } = capture();
    consoleLike(log).error('outbox relay: bus unavailable, will retry:', new Error('broker down'));
    expect(lines[0]).toMatchObject({ level: 50, msg: 'outbox relay: bus unavailable, will retry', err: { message: 'broker down' } });
    expect((lines[0]!.err as { stack: string }).stack).toContain('broker down');
  });
});
