import type { IncomingHttpHeaders } from 'node:http';
import type { OutboundResult } from '@delivery/outbound';
import type { SendOutcome } from '../ports/message-senders';

/** Connection errors after which the request cannot have reached the provider: safe to try again. */
const NOT_SENT = /\((ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ECONNABORTED)\)/;

/** A request that got no answer: refused by our policy (for good), never sent (later), or perhaps sent (unknown). */
export function outcomeOfConnection(result: Exclude<OutboundResult, { kind: 'response' }>, provider: string): SendOutcome {
  if (result.kind === 'refused')
    return { kind: 'refused', code: null, reason: `${provider} is not reachable under the outbound policy: ${result.error}` };
  if (result.kind === 'error' && NOT_SENT.test(result.error))
    return { kind: 'later', reason: `${provider}: ${result.error}`, retryAfterMs: null };
  return { kind: 'unknown', reason: `${provider}: ${result.error}, after the request went out` };
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from now; null without one. */
export function retryAfterMs(headers: IncomingHttpHeaders, now = Date.now()): number | null {
  const value = headers['retry-after'];
  if (typeof value !== 'string' || !value.trim()) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
