import fc from 'fast-check';
import { createClientApp } from '@delivery/accounts';
import { oauthErrorSchema, problemDocumentSchema, shipResponseSchema } from '@delivery/contracts';
import { OPERATIONS } from '../../apps/gateway/src';
import type { Operation } from '../../apps/gateway/src';
import { PATHS } from '../../apps/gateway/src';
import { consoleSession } from './console-session';
import { checkAgainstOpenApi } from './openapi-responses';
import { tokenFor, type Harness } from './standalone-harness';

/** What the fuzzer sends as each kind of caller; made once per run (tokens, a console session). */
export interface FuzzCallers {
  integrationToken: string;
  fleetToken: string;
  consoleCookie: string;
  consoleCsrf: string;
}

/** One answer that breaks the rule: a 5xx, or an error outside its surface's envelope. */
export interface FuzzFinding {
  method: string;
  path: string;
  status: number;
  problem: string;
}

export interface FuzzCounts {
  requests: number;
  byStatusClass: Record<string, number>;
  byStatus: Record<number, number>;
  bySurface: Record<string, number>;
  findings: FuzzFinding[];
}

/** Signing out would end the fuzzer's own session for every console call after it. */
const SKIPPED = new Set([`delete ${PATHS.consoleSession}`]);

const fuzzedOperations = () => OPERATIONS.filter((op) => !SKIPPED.has(`${op.method} ${op.path}`) && op.path !== PATHS.apiDocs);

const nested = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

/** A path segment: ordinary text, encodings that do not decode, traversal, or one far too long. */
const segment = fc.oneof(
  // '.' and '..' are collapsed by the URL parser before sending, which would test another path.
  fc.string({ maxLength: 40 }).map((text) => (/^\.{1,2}$/.test(text) ? `${text}x` : encodeURIComponent(text))),
  // (No '%2e%2e': the URL parser collapses it before sending, so it would test another path.)
  fc.constantFrom('%zz', '%C3%28', '%FF%FE', '%00', '..%2F..%2Fetc', '%', 'tsk_000000000000000000000000'),
  fc.integer({ min: 1, max: 9 }).map(String),
  fc.constant('x'.repeat(5_000)),
);

/** A body: any JSON, deep nesting, a 1 MB string, invalid UTF-8, or text that is not JSON at all. */
const body = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? 'null')) },
  { weight: 1, arbitrary: fc.constantFrom(10_000, 600).map((depth) => Buffer.from(nested(depth))) },
  { weight: 1, arbitrary: fc.constant(Buffer.from(JSON.stringify({ note: 'x'.repeat(1024 * 1024) }))) },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 200 })
      .map((bytes) => Buffer.concat([Buffer.from('{"a":"'), bytes, Buffer.from([0xc3, 0x28, 0x22, 0x7d])])),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((text) => Buffer.from(text)) },
);

const request = fc.record({
  operation: fc.constantFrom(...fuzzedOperations()),
  segments: fc.array(segment, { minLength: 4, maxLength: 4 }),
  body,
  contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded'),
  idempotencyKey: fc.option(fc.string({ minLength: 1, maxLength: 30 }), { nil: undefined }),
  query: fc.option(
    fc.dictionary(fc.constantFrom('limit', 'cursor', 'status', 'since', 'access_token', 'x'), fc.string({ maxLength: 30 })),
    {
      nil: undefined,
    },
  ),
});
type FuzzRequest = typeof request extends fc.Arbitrary<infer R> ? R : never;

function pathOf(op: Operation, segments: string[]): string {
  let index = 0;
  return op.path.replace(/:\w+/g, () => segments[index++ % segments.length]!);
}

function headersOf(op: Operation, fuzzed: FuzzRequest, callers: FuzzCallers): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': fuzzed.contentType };
  if (op.auth === 'integration') headers.authorization = `Bearer ${callers.integrationToken}`;
  if (op.auth === 'fleet') headers.authorization = `Bearer ${callers.fleetToken}`;
  if (op.auth === 'console')
    Object.assign(headers, { cookie: `console_session=${callers.consoleCookie}`, 'x-csrf-token': callers.consoleCsrf });
  if (fuzzed.idempotencyKey !== undefined) headers['idempotency-key'] = fuzzed.idempotencyKey.replace(/[^\x21-\x7e]/g, '_');
  return headers;
}

/** Whether an error answer is in the envelope its surface promises; null when it is. */
function envelopeProblem(op: Operation, status: number, contentType: string, text: string): string | null {
  if (status < 400) return null;
  if (op.envelope === 'page')
    return contentType.startsWith('text/html') ? null : `answered ${contentType || 'no content type'}, not an HTML page`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `answered a body that is not JSON: ${text.slice(0, 80)}`;
  }
  const schema = { ship: shipResponseSchema, problem: problemDocumentSchema, oauth: oauthErrorSchema }[op.envelope];
  const parsed = schema.safeParse(json);
  return parsed.success ? null : `not a ${op.envelope} envelope: ${text.slice(0, 120)}`;
}

async function send(baseUrl: string, fuzzed: FuzzRequest, callers: FuzzCallers, counts: FuzzCounts): Promise<void> {
  const op = fuzzed.operation;
  const query = fuzzed.query ? `?${new URLSearchParams(fuzzed.query)}` : '';
  const path = `${pathOf(op, fuzzed.segments)}${query}`;
  const method = op.method.toUpperCase();
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: headersOf(op, fuzzed, callers),
    body: method === 'GET' ? undefined : fuzzed.body,
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  counts.requests += 1;
  const statusClass = `${String(response.status)[0]}xx`;
  counts.byStatusClass[statusClass] = (counts.byStatusClass[statusClass] ?? 0) + 1;
  counts.byStatus[response.status] = (counts.byStatus[response.status] ?? 0) + 1;
  const surface = op.path.split('/')[1]!;
  counts.bySurface[surface] = (counts.bySurface[surface] ?? 0) + 1;
  const finding = (problem: string) => void counts.findings.push({ method, path: path.slice(0, 200), status: response.status, problem });
  if (response.status >= 500) return finding(`a ${response.status}: ${text.slice(0, 200)}`);
  const envelope = envelopeProblem(op, response.status, contentType, text);
  if (envelope) return finding(envelope);
  try {
    let parsed: unknown = text;
    if (contentType.includes('application/json')) parsed = JSON.parse(text);
    checkAgainstOpenApi(method, path, response.status, contentType, parsed);
  } catch (error) {
    finding((error as Error).message.slice(0, 300));
  }
}

/**
 * Sends `total` generated requests to every route of the gateway (from its OpenAPI
 * operations), `concurrency` at a time, and counts the answers by status class and surface.
 */
export async function fuzzEveryRoute(
  baseUrl: string,
  callers: FuzzCallers,
  options: { total: number; seed: number; concurrency?: number },
): Promise<FuzzCounts> {
  const counts: FuzzCounts = { requests: 0, byStatusClass: {}, byStatus: {}, bySurface: {}, findings: [] };
  const batch = 500;
  for (let done = 0; done < options.total; done += batch) {
    const requests = fc.sample(request, { numRuns: Math.min(batch, options.total - done), seed: options.seed + done });
    let next = 0;
    const worker = async () => {
      while (next < requests.length) await send(baseUrl, requests[next++]!, callers, counts);
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  }
  return counts;
}

export const fuzzedOperationCount = () => fuzzedOperations().length;

/** An integration token, a fleet's token and an owner's console session of the harness's demo account. */
export async function prepareFuzzCallers(harness: Harness): Promise<FuzzCallers> {
  const fleetApp = await createClientApp(
    { accountId: harness.demo.accountId, name: 'fuzzed fleet', fleetId: 1 },
    { accounts: harness.running.accounts, clock: harness.clock },
  );
  const owner = await consoleSession(harness, 'owner');
  return {
    integrationToken: await tokenFor(harness),
    fleetToken: await tokenFor(harness, { clientId: fleetApp.app.clientId, clientSecret: fleetApp.clientSecret }),
    consoleCookie: owner.cookie,
    consoleCsrf: owner.csrf,
  };
}

/** Limits far above what a fuzz run sends, so its requests reach the routes instead of the limiters. */
export const FUZZ_RATE_LIMITS = {
  perAccountPerMinute: 10_000_000,
  perAppPerMinute: 10_000_000,
  tokenPerAddressPerMinute: 10_000_000,
  trackingPerAddressPerMinute: 10_000_000,
  instructionsPerAddressPerMinute: 10_000_000,
  consoleSignInFailuresPerAddress: 10_000_000,
};
