import { request } from 'node:http';
import { freePort } from './free-port';
import { serverWithOutages } from './port-outage';

/**
 * How a front answers: as the server behind it, the same a few seconds later (a slow network:
 * calls stay in flight), not at all (connection refused), or 503 from a load balancer.
 */
export type FrontState = 'up' | 'slow' | 'refused' | 'unavailable';

/**
 * A server's address that can go down and come back on the same port: passes each request
 * to the server behind it while up; refuses connections, or answers 503, during an outage.
 * Puts an outage in front of a fake (a courier network's) that has none of its own.
 */
export async function startOutageFront(behind: string, { slowMs = 1_000 }: { slowMs?: number } = {}) {
  const port = await freePort();
  const target = new URL(behind);
  let state: FrontState = 'up';
  const pending = new Set<{ method: string; path: string }>();

  const server = serverWithOutages(port, (req, res) => {
    if (state === 'unavailable') return void res.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable');
    const taken = { method: req.method ?? '', path: req.url ?? '/' };
    pending.add(taken);
    res.once('close', () => pending.delete(taken));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const forward = () => {
        const forwarded = request(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forwarded.once('error', () => res.destroy());
        forwarded.end(Buffer.concat(chunks));
      };
      // A request taken in is passed on whatever happens to its caller meanwhile, as a network would.
      if (state === 'slow') setTimeout(forward, slowMs);
      else forward();
    });
  });

  await server.listen();
  return {
    url: `http://127.0.0.1:${port}`,
    state: () => state,
    /** Requests taken in and not yet answered. */
    pending: () => [...pending],
    async set(next: FrontState): Promise<void> {
      if (next === 'refused') await server.close();
      else if (!server.up()) await server.listen();
      state = next;
    },
    stop: server.close,
  };
}

export type OutageFront = Awaited<ReturnType<typeof startOutageFront>>;
