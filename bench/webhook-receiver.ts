/**
 * The webhook benchmark's receiver, in a process of its own as a caller's server would be,
 * so it takes no CPU from the dispatcher under test. Tells its parent its port, then the
 * wall-clock time each event's webhook arrived, in batches.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wallClock } from './wall-clock';

export type ReceiverMessage = { kind: 'listening'; port: number } | { kind: 'received'; arrivals: [eventId: string, at: number][] };

const send = (message: ReceiverMessage) => process.send!(message);
let arrivals: [string, number][] = [];

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    arrivals.push([(JSON.parse(body) as { data: { event_id: string } }).data.event_id, wallClock()]);
    res.writeHead(204).end();
  });
});
const flush = setInterval(() => {
  if (arrivals.length === 0) return;
  send({ kind: 'received', arrivals });
  arrivals = [];
}, 20);
server.listen(0, '127.0.0.1', () => send({ kind: 'listening', port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => {
  clearInterval(flush);
  server.close();
  server.closeAllConnections();
});
