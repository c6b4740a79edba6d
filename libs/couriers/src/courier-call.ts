import type { OutboundClient } from '@delivery/outbound';
import type { z } from 'zod';
import { MAX_HOLD_SECONDS, type CallBudget } from './call-budget';

/** Far more than a delivery a network answers; past it the answer is not read. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** Why a call to a courier network gave nothing, in our words: its answer body is never repeated to a caller. */
export interface CourierFailure {
  message: string;
  /** The HTTP status, or `timeout`; null when no answer came. */
  status: string | null;
  /** Seconds the network asked us to wait (429 `Retry-After`), or our budget's. */
  retryAfterSeconds?: number;
}
export type CourierAnswer<T> = { ok: true; value: T } | { ok: false; failure: CourierFailure };

export interface CourierRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * One call to a courier network (`network` names it in our words) through the outbound
 * policy and the key's budget: its JSON answer read with `schema`, or its refusal in the
 * words of `refusals` by status. A 429's `Retry-After` holds the key.
 */
export async function callCourier<S extends z.ZodType>(
  deps: { client: OutboundClient; budget: CallBudget },
  /** A null schema reads no answer (a removal answered with an empty body). */
  call: { network: string; key: string; refusals: Record<number, string>; schema: S | null; what: string },
  request: CourierRequest,
): Promise<CourierAnswer<z.infer<S>>> {
  const { network, key, refusals } = call;
  const allowed = await deps.budget.take(key).catch(() => null);
  // The budget's store (Redis) out of reach: no call is made that could break the network's limit.
  if (!allowed) return { ok: false, failure: { message: `${network} was not asked: our call budget could not be read`, status: null } };
  if (!allowed.ok) {
    return {
      ok: false,
      failure: { message: `${network} asked us to slow down`, status: '429', retryAfterSeconds: allowed.retryAfterSeconds },
    };
  }
  const { body, ...rest } = request;
  const result = await deps.client.request({
    ...rest,
    headers: { accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }), ...request.headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    maxResponseBytes: MAX_ANSWER_BYTES,
  });
  if (result.kind === 'timeout' || result.kind === 'aborted') {
    return { ok: false, failure: { message: `${network} did not answer within ${request.timeoutMs} ms`, status: 'timeout' } };
  }
  if (result.kind !== 'response')
    return { ok: false, failure: { message: `${network} could not be reached: ${result.error}`, status: null } };
  const status = String(result.status);
  if (result.status < 200 || result.status > 299) {
    const retryAfter = Math.min(Number([result.headers['retry-after']].flat()[0]), MAX_HOLD_SECONDS);
    const waits = result.status === 429 && retryAfter > 0;
    // Kept best-effort: the refusal is answered either way, and the network holds the line itself.
    if (waits) await deps.budget.holdFor(key, retryAfter).catch(() => undefined);
    return {
      ok: false,
      failure: {
        message:
          refusals[result.status] ??
          (result.status === 429 ? `${network} asked us to slow down` : `${network} failed (HTTP ${result.status})`),
        status,
        ...(waits && { retryAfterSeconds: retryAfter }),
      },
    };
  }
  if (!call.schema) return { ok: true, value: undefined as z.infer<S> };
  let json: unknown;
  try {
    json = JSON.parse(result.body.toString('utf8'));
  } catch {
    return { ok: false, failure: { message: `${network} answered something that is not JSON`, status } };
  }
  const parsed = call.schema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.slice(0, 5).map((issue) => issue.path.join('.'));
    return { ok: false, failure: { message: `${network} answered ${call.what} without ${fields.join(', ')}`, status } };
  }
  return { ok: true, value: parsed.data };
}
