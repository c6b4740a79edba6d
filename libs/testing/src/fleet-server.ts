import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake fleet answers a quote request. */
export type FleetBehaviour =
  | { kind: 'quotes'; fee?: number; delayMs?: number; currency?: string }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'body'; contentType: string; body: string };

/**
 * A third-party fleet's quote endpoint on the loopback, speaking the contract of
 * docs/fleet-http-connector.md, whose answers a test sets: quotes (optionally late),
 * an error status, or any body at all.
 */
export async function startFleetServer(initial: FleetBehaviour = { kind: 'quotes' }) {
  let behaviour = initial;
  const quoteRequests: unknown[] = [];
  const confirmations: unknown[] = [];
  const pending = new Set<NodeJS.Timeout>();

  const readJson = (req: IncomingMessage) =>
    new Promise<unknown>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => resolve(text ? JSON.parse(text) : null));
    });

  const answer = (res: ServerResponse, now: Date) => {
    if (behaviour.kind === 'status')
      return res.writeHead(behaviour.status, { 'content-type': 'text/plain' }).end(behaviour.body ?? 'unavailable');
    if (behaviour.kind === 'body') return res.writeHead(200, { 'content-type': behaviour.contentType }).end(behaviour.body);
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString().replace('Z', '123+00:00');
    const body = {
      quotes: [
        {
          id: `fleet-quote-${quoteRequests.length}`,
          fee: behaviour.fee ?? 1999,
          currency_code: behaviour.currency ?? 'USD',
          priority: 0,
          delivery_terms_supported: true,
          expiry_time: at(30),
          pickup_window: { start_time: at(60), end_time: at(120) },
          dropoff_window: { start_time: at(90), end_time: at(180) },
        },
      ],
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const body = await readJson(req).catch(() => null);
    if (req.url?.endsWith('/confirmations')) {
      confirmations.push(body);
      return res.writeHead(204).end();
    }
    quoteRequests.push(body);
    const delayMs = behaviour.kind === 'quotes' ? (behaviour.delayMs ?? 0) : 0;
    const now = new Date((body as { ship_date?: string } | null)?.ship_date ?? Date.now());
    if (delayMs === 0) return answer(res, now);
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!res.destroyed) answer(res, now);
    }, delayMs);
    pending.add(timer);
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/quotes`,
    quoteRequests,
    confirmations,
    answerWith(next: FleetBehaviour) {
      behaviour = next;
    },
    stop: async () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FleetServer = Awaited<ReturnType<typeof startFleetServer>>;
