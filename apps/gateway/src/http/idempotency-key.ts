import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { DomainError } from '@delivery/contracts';
import type { KeyValueStore } from '@delivery/key-value';
import { principalOf } from '../auth/bearer-auth';
import { keys } from '../auth/keys';

/** How long a key's first answer is replayed (the draft's recommendation), and how long a request may hold it unanswered. */
export const IDEMPOTENCY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const PENDING_MS = 60 * 1000;

interface StoredAnswer {
  fingerprint: string;
  state: 'pending' | 'done';
  status?: number;
  contentType?: string;
  body?: string;
}

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on POST and PATCH (draft-ietf-httpapi-idempotency-key-header), per
 * calling app: the first answer to a key is kept 24 h and replayed, status and body, with
 * `Idempotent-Replayed: true`; the same key with another request (method, path or body)
 * is 422; while the first is still running, 409. A 5xx is not kept, so a retry runs again.
 * Runs after authentication and body parsing.
 */
export function idempotencyKey(kv: KeyValueStore): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('idempotency-key');
    if (key === undefined) return next();
    if (!KEY_SHAPE.test(key)) {
      return next(new DomainError('VALIDATION_FAILED', 'Invalid request: Idempotency-Key must be 1 to 255 printable ASCII characters'));
    }
    const storeKey = keys.idempotency(principalOf(res.locals), key);
    // A raw body (a driver's photo) is hashed as it came, not as JSON's array of its bytes.
    const fingerprint = createHash('sha256')
      .update(`${req.method} ${req.originalUrl}\n`)
      .update(Buffer.isBuffer(req.body) ? req.body : JSON.stringify(req.body ?? null))
      .digest('hex');
    try {
      if (!(await kv.setIfAbsent(storeKey, JSON.stringify({ fingerprint, state: 'pending' } satisfies StoredAnswer), PENDING_MS))) {
        const stored = JSON.parse((await kv.get(storeKey)) ?? 'null') as StoredAnswer | null;
        if (stored?.fingerprint !== fingerprint) {
          throw new DomainError('IDEMPOTENCY_KEY_REUSED', `Idempotency-Key ${key} was used for another request; use a new key`);
        }
        if (stored.state === 'pending') {
          throw new DomainError(
            'IDEMPOTENCY_KEY_IN_PROGRESS',
            `A request with Idempotency-Key ${key} is still being answered; retry shortly`,
          );
        }
        res.status(stored.status!).set('Idempotent-Replayed', 'true');
        if (stored.contentType) res.type(stored.contentType);
        return void res.send(stored.body);
      }
    } catch (error) {
      return next(error);
    }
    keep(res, kv, storeKey, fingerprint);
    next();
  };
}

/** Keeps the answer once it has gone out; a 5xx lets the key go, so the retry runs. */
function keep(res: Parameters<RequestHandler>[1], kv: KeyValueStore, storeKey: string, fingerprint: string): void {
  let body = '';
  const send = res.send.bind(res);
  res.send = (chunk?: unknown) => {
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) body = chunk.toString();
    return send(chunk);
  };
  res.once('finish', () => {
    const done: StoredAnswer = { fingerprint, state: 'done', status: res.statusCode, contentType: res.get('content-type'), body };
    const written = res.statusCode >= 500 ? kv.delete(storeKey) : kv.set(storeKey, JSON.stringify(done), IDEMPOTENCY_LIFETIME_MS);
    // The answer has gone out; a store that fails now only costs the replay, which the caller's retry will run again.
    written.catch(() => undefined);
  });
}
