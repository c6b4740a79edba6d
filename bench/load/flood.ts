/**
 * One flood of the hostile-tenant bench, in a process of its own so that its CPU is not the
 * measuring client's: FLOOD (JSON) says what to send, how fast and how long; the tally is
 * written to stdout as one JSON line when it is over. Node's own HTTP client with kept-alive
 * connections: a generator that costs less CPU than fetch leaves more of the machine to the
 * system measured.
 */
import http from 'node:http';

interface Flood {
  perSecond: number;
  ms: number;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** `{n}` in the body is the request's number: a fresh secret or email each time. */
  body?: string;
  /** Addresses (X-Forwarded-For) taken in turn. */
  addresses: string[];
  /** When to start (epoch ms): the process has loaded by then, so its start-up is not in the phase. */
  startAt: number;
}

const flood = JSON.parse(process.env.FLOOD!) as Flood;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const statuses: Record<number, number> = {};
const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);

function send(n: number): Promise<void> {
  const body = flood.body?.replaceAll('{n}', String(n));
  return new Promise((resolve) => {
    const request = http.request(
      flood.url,
      {
        method: flood.method,
        agent,
        headers: {
          ...flood.headers,
          'x-forwarded-for': flood.addresses[n % flood.addresses.length]!,
          ...(body !== undefined && { 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(void count(response.statusCode ?? 0)));
      },
    );
    request.on('error', () => resolve(void count(0)));
    request.end(body);
  });
}

async function run() {
  const sent: Promise<void>[] = [];
  const started = performance.now();
  const cpu = process.cpuUsage();
  let n = 0;
  while (performance.now() - started < flood.ms) {
    const due = Math.floor(((performance.now() - started) / 1000) * flood.perSecond);
    for (; n < due; n += 1) sent.push(send(n));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(sent);
  const used = process.cpuUsage(cpu);
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ statuses, cpuMsPerRequest: (used.user + used.system) / 1000 / Math.max(1, n) })}\n`);
}

setTimeout(run, Math.max(0, flood.startAt - Date.now()));
