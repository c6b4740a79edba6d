/**
 * The floods of one phase of the hostile-tenant bench, in one process of their own so that
 * their CPU is not the measuring client's: FLOODS (JSON) says what each sends, how fast and
 * how long. Once loaded it writes `ready`; the start time (epoch ms) it then reads on stdin
 * is when every flood begins, so no flood's loading falls in the phase; the tallies are
 * written to stdout as one JSON line when all are over. Node's own HTTP client with kept-alive
 * connections, in one process: a generator that costs little CPU leaves more of the machine
 * to the system measured.
 */
import http from 'node:http';

interface Flood {
  perSecond: number;
  ms: number;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** `{n}` in the body is the request's number in this process: a fresh secret, email or order id each time, every run. */
  body?: string;
  /** Addresses (X-Forwarded-For) taken in turn. */
  addresses: string[];
}

function send(flood: Flood, agent: http.Agent, n: number, count: (status: number) => void): Promise<void> {
  const body = flood.body?.replaceAll('{n}', `${process.pid}-${n}`);
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

async function run(flood: Flood) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const statuses: Record<number, number> = {};
  const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);
  const sent: Promise<void>[] = [];
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < flood.ms) {
    const due = Math.floor(((performance.now() - started) / 1000) * flood.perSecond);
    for (; n < due; n += 1) sent.push(send(flood, agent, n, count));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(sent);
  agent.destroy();
  return { statuses };
}

const floods = JSON.parse(process.env.FLOODS!) as Flood[];
process.stdin.once('data', (line) => {
  setTimeout(
    async () => process.stdout.write(`${JSON.stringify(await Promise.all(floods.map(run)))}\n`),
    Math.max(0, Number(String(line).trim()) - Date.now()),
  );
});
process.stdout.write('ready\n');
