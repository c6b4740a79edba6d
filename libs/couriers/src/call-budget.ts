/**
 * A courier network's rate limit, kept on our side: at most `limit` calls per access key in
 * any `windowMs`, and none until a `Retry-After` the network gave has passed. A call over it
 * is refused here, at once, instead of spending the network's patience.
 */
export class CallBudget {
  private readonly calls = new Map<string, number[]>();
  private readonly heldUntil = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Takes one call for `key`; answers how many seconds to wait instead when there is none. */
  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.now();
    const held = this.heldUntil.get(key) ?? 0;
    if (held > now) return { ok: false, retryAfterSeconds: Math.ceil((held - now) / 1000) };
    const recent = (this.calls.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.calls.set(key, recent);
      return { ok: false, retryAfterSeconds: Math.ceil((recent[0]! + this.windowMs - now) / 1000) };
    }
    recent.push(now);
    this.calls.set(key, recent);
    return { ok: true };
  }

  /** The network asked us to wait (429 with `Retry-After`). */
  holdFor(key: string, seconds: number): void {
    this.heldUntil.set(key, Math.max(this.heldUntil.get(key) ?? 0, this.now() + seconds * 1000));
  }
}
