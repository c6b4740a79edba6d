/**
 * Reads kept for `ttlMs`, at most `kept` of them (the oldest dropped first): concurrent asks
 * for one key share one read, and a failed read is not kept, so the next ask reads again.
 */
export class ShortCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly kept: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (this.entries.size >= this.kept) this.entries.delete(this.entries.keys().next().value!);
    const value = read();
    this.entries.set(key, { at: now, value });
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    return value;
  }
}
