import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { checkOutboundUrlShape, ForbiddenOutboundUrl, guardedLookup } from './outbound-url';
import type { OutboundPolicy } from './outbound-policy';

export interface OutboundRequest {
  url: string;
  method: 'POST' | 'GET' | 'PUT' | 'DELETE' | 'PATCH';
  headers: Record<string, string>;
  body?: string;
  /** The whole exchange, connecting to the end of the answer. */
  timeoutMs: number;
  /** How much of the answer is read; past it the connection is cut and the answer marked truncated. */
  maxResponseBytes: number;
  signal?: AbortSignal;
}

/**
 * What became of one request, in our own words: `refused` when the policy forbids its
 * address (no connection was made), `timeout`, `error` for a connection that failed. A
 * caller may read `body` to parse it, never to show it: what a configured URL answered
 * is not echoed to anyone.
 */
export type OutboundResult =
  | { kind: 'response'; status: number; headers: IncomingHttpHeaders; body: Buffer; truncated: boolean; latencyMs: number }
  | { kind: 'refused' | 'timeout' | 'error' | 'aborted'; latencyMs: number; error: string };

export interface OutboundClientOptions {
  policy: OutboundPolicy;
  /** Open connections per host; kept alive between requests. */
  maxSocketsPerHost?: number;
}

/**
 * Every request the service makes to a URL that someone configured goes through here:
 * the URL's shape and literal address are checked before each request, every address a
 * host resolves to on every new connection (`guardedLookup`, so a DNS answer that changes
 * after the URL was saved cannot reach inside), no redirect is followed (Node's client
 * follows none), and both time and the answer's size are bounded.
 */
export class OutboundClient {
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(private readonly options: OutboundClientOptions) {
    const agentOptions = { keepAlive: true, maxSockets: options.maxSocketsPerHost ?? 128, lookup: guardedLookup(options.policy) };
    this.agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  }

  request(request: OutboundRequest): Promise<OutboundResult> {
    const started = performance.now();
    const latencyMs = () => Math.round(performance.now() - started);
    let url: URL;
    try {
      url = checkOutboundUrlShape(request.url, this.options.policy);
    } catch (error) {
      return Promise.resolve({ kind: 'refused', latencyMs: 0, error: (error as Error).message });
    }
    if (request.signal?.aborted) return Promise.resolve({ kind: 'aborted', latencyMs: 0, error: 'the request was given up' });
    const secure = url.protocol === 'https:';
    return new Promise<OutboundResult>((resolve) => {
      let settled = false;
      const settle = (result: OutboundResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      const failed = (kind: 'refused' | 'timeout' | 'error' | 'aborted', error: string) => {
        settle({ kind, latencyMs: latencyMs(), error });
        outgoing.destroy();
      };
      let outgoing: http.ClientRequest;
      try {
        outgoing = (secure ? https : http).request(url, {
          method: request.method,
          agent: secure ? this.agents.https : this.agents.http,
          headers: request.body === undefined ? request.headers : { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
        });
      } catch (error) {
        // A header Node will not send (a value with a line break, say, saved before it was checked): a try that fails for good, never a throw that leaves its work pending.
        settled = true;
        resolve({
          kind: 'refused',
          latencyMs: latencyMs(),
          error: `the request could not be sent: ${(error as { code?: string }).code ?? (error as Error).message}`,
        });
        return;
      }
      const timer = setTimeout(() => failed('timeout', `no answer within ${request.timeoutMs} ms`), request.timeoutMs);
      const onAbort = () => failed('aborted', 'the request was given up');
      request.signal?.addEventListener('abort', onAbort, { once: true });
      outgoing.on('response', (response) => {
        // A server may close its side after an error answer (a 429 or a 503 sent before reading
        // the request, an edge shedding load) without saying so: that connection reused would
        // cut our next request as it goes out, and a cut request may have been taken, so it
        // cannot be sent again. Node closes it at the answer's end instead of keeping it.
        if ((response.statusCode ?? 0) >= 400) outgoing.shouldKeepAlive = false;
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = (truncated: boolean) =>
          settle({
            kind: 'response',
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            truncated,
            latencyMs: latencyMs(),
          });
        response.on('data', (chunk: Buffer) => {
          const room = request.maxResponseBytes - size;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          size += chunk.length;
          if (size > request.maxResponseBytes) {
            answer(true);
            outgoing.destroy();
          }
        });
        response.on('end', () => answer(false));
        response.on('error', (error) => failed('error', connectionError(error)));
      });
      outgoing.on('error', (error) => failed(error instanceof ForbiddenOutboundUrl ? 'refused' : 'error', connectionError(error)));
      outgoing.end(request.body);
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

/** Why a connection failed, from our side of it: the policy's refusal or the system's error code. */
const connectionError = (error: Error & { code?: string }) =>
  error instanceof ForbiddenOutboundUrl ? error.message : `the connection failed (${error.code ?? error.message})`;
