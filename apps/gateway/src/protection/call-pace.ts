/** What a pace answers: as a limiter does, what is left now and when the next call is due. */
export interface PaceAnswer {
  ok: boolean;
  remainingPoints: number;
  msBeforeNext: number;
}

/** Past this many keys, the ones whose pace has fully recovered are forgotten. */
const SWEEP_AT = 10_000;

/**
 * A steady pace per key, in this process (the generic cell rate algorithm): `perSecond`
 * calls a second, evenly spaced, with up to `burst` at once. Unlike a window, it never
 * lets a second's share through in the first few milliseconds of that second, so one
 * app's calls cannot hold the event loop in bursts while another account waits
 * (docs/decisions.md, "Rate limits"). It guards this process's share, so it needs no store.
 */
export class CallPace {
  /** When each key's next call is due at its steady pace (its theoretical arrival time), in ms. */
  private readonly due = new Map<string, number>();

  take(key: string, perSecond: number, burst: number, now: number): PaceAnswer {
    const interval = 1000 / perSecond;
    const tolerance = (burst - 1) * interval;
    const due = Math.max(this.due.get(key) ?? now, now);
    if (due - now > tolerance) {
      return { ok: false, remainingPoints: 0, msBeforeNext: Math.ceil(due - now - tolerance) };
    }
    const next = due + interval;
    if (!this.due.has(key) && this.due.size >= SWEEP_AT) this.forgetRecovered(now);
    this.due.set(key, next);
    return { ok: true, remainingPoints: Math.floor((tolerance - (next - now)) / interval) + 1, msBeforeNext: Math.ceil(next - now) };
  }

  private forgetRecovered(now: number): void {
    for (const [key, due] of this.due) if (due <= now) this.due.delete(key);
  }
}
