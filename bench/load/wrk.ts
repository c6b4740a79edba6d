import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuSpent, cpuTicks } from './cpu-time';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers outside 2xx/3xx, plus connect, read, write and timeout errors. */
  failures: number;
  requests: number;
  /** CPU the system under test spent per answered request, over all its processes and threads. */
  cpuMsPerRequest: number;
  /** Cores the load generator kept busy. */
  loadGeneratorCores: number;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  origin: string;
  /** Each request goes to one of these, drawn at random. */
  paths: string[];
  headers?: Record<string, string>;
  /** The body; every `__N__` in it becomes a number unique to the run, request by request. */
  body?: string;
}

const luaString = (text: string) => `[==[${text}]==]`;

/**
 * The request script: a per-run prefix and a counter make each `__N__` unique, and `done`
 * prints wrk's own latency figures as JSON so nothing parses wrk's human-readable report.
 */
function script(request: LoadRequest): string {
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`)
    .join('\n');
  return `
wrk.method = ${luaString(request.method)}
${headers}
local paths = { ${request.paths.map(luaString).join(',\n')} }
local body = ${request.body === undefined ? 'nil' : luaString(request.body)}
local prefix = ''
local counter = 0
function init(args) prefix = args[1] or '' end
function request()
  local path = paths[math.random(#paths)]
  if body == nil then return wrk.format(nil, path) end
  counter = counter + 1
  local unique = string.gsub(body, '__N__', prefix .. counter)
  return wrk.format(nil, path, nil, unique)
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"failures":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout))
end
`;
}

/** One wrk run: one thread, `connections` connections, for `seconds`. Needs Debian's `wrk` (scripts/ensure-bench-tools.sh). */
export async function runWrk(request: LoadRequest, options: { connections: number; seconds: number; runId: string }): Promise<LoadFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'wrk-'));
  const file = join(dir, 'request.lua');
  writeFileSync(file, script(request));
  try {
    const args = [
      '-t1',
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      file,
      request.origin,
      '--',
      options.runId,
    ];
    const before = cpuTicks();
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile('wrk', args, { maxBuffer: 1 << 20 }, (error, out, err) =>
        error ? reject(new Error(`wrk: ${err || error.message}`)) : resolve(out),
      ),
    );
    const cpu = cpuSpent(before, cpuTicks());
    const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
    const raw = JSON.parse(line) as { requests: number; durationUs: number; p50Us: number; p99Us: number; failures: number };
    const seconds = raw.durationUs / 1e6;
    return {
      requests: raw.requests,
      cpuMsPerRequest: (cpu.systemUnderTestSeconds * 1000) / raw.requests,
      loadGeneratorCores: cpu.loadGeneratorSeconds / seconds,
      requestsPerSecond: raw.requests / seconds,
      p50Ms: raw.p50Us / 1000,
      p99Ms: raw.p99Us / 1000,
      failures: raw.failures,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
