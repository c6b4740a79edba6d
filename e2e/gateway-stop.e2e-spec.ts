import { once } from 'node:events';
import { Agent, request, type IncomingMessage } from 'node:http';
import { startHarness } from './support/standalone-harness';

describe('the gateway’s stop', () => {
  it('answers a call in flight on a keep-alive connection with `Connection: close`, so the connection ends with it and the stop need not wait for its grace', async () => {
    const harness = await startHarness();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let stopping: Promise<void> | null = null;
    try {
      // A call under way when the stop begins: its headers read (the server's 100 Continue says
      // so), its body still coming. Before, its answer kept the connection open, and the stop
      // waited for the 10 s cut (or, with a caller's steady calls on it, served them until then).
      const body = 'grant_type=client_credentials&client_id=nobody&client_secret=nothing-at-all';
      const call = request(`${harness.url}/oauth/token`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length, expect: '100-continue' },
      });
      const answered = new Promise<IncomingMessage>((resolve, reject) => {
        call.on('response', resolve);
        call.on('error', reject);
      });
      call.flushHeaders();
      await once(call, 'continue');
      stopping = harness.stop();
      call.end(body);
      const answer = await answered;
      answer.resume();
      expect({ status: answer.statusCode, connection: answer.headers.connection }).toEqual({ status: 401, connection: 'close' });
      await once(answer.socket, 'close');
      await stopping;
    } finally {
      agent.destroy();
      await (stopping ?? harness.stop());
    }
  }, 60_000);
});
