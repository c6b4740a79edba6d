import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { KeyValueStore } from '@delivery/key-value';

/** A limiter's answer: counted (`ok`) or refused; both carry what is left and when it resets. */
export type Counted = { ok: boolean; state: RateLimiterRes };

/**
 * One limiter per name and quota, made once: an account's own quota gets its own counters,
 * so changing it starts a fresh window instead of reinterpreting the old count.
 */
export class LimiterPool {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(private readonly kv: KeyValueStore) {}

  limiter(name: string, points: number, durationSeconds: number, blockSeconds = 0): RateLimiterAbstract {
    const id = `${name}:${points}:${durationSeconds}:${blockSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = this.kv.rateLimiter({ keyPrefix: `rate-limit:${id}`, points, durationSeconds, blockSeconds });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}

/** Counts `points` against `key`; a refusal is an answer, a store failure still throws. */
export async function count(limiter: RateLimiterAbstract, key: string, points = 1): Promise<Counted> {
  try {
    return { ok: true, state: await limiter.consume(key, points) };
  } catch (answer) {
    if (answer instanceof Error) throw answer;
    return { ok: false, state: answer as RateLimiterRes };
  }
}
