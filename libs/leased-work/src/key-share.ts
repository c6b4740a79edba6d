/**
 * Each key's bounded share of a worker's slots (a webhook endpoint's, an account's): no more
 * than `perKey` of its items in flight, counting the `busy` ones already under way. A due
 * item whose key has no room is left for later (due again at `deferUntil`) by the store's
 * claim itself, so one key's backlog never stands in front of the others' and nothing is
 * leased only to be put back.
 */
export interface KeyShare {
  perKey: number;
  busy: Readonly<Record<string, number>>;
  deferUntil: number;
}

/** A lease a store gives due items under: to `token`, until `until` (their due time meanwhile), at most `limit`, within `share`. */
export interface Lease {
  token: string;
  /** Only items due by then are leased. */
  now: number;
  /** Becomes the leased items' due time: when they come due again if their work is not recorded. */
  until: number;
  limit: number;
  share?: KeyShare;
}

/** Counts what a claim takes against each key's share; every store's claim decides with it. */
export class ShareCounter {
  private readonly taken = new Map<string, number>();

  constructor(private readonly share: KeyShare | undefined) {}

  /** True, and counted, when the key has room for one more. */
  take(key: string): boolean {
    if (!this.share) return true;
    const inFlight = (this.share.busy[key] ?? 0) + (this.taken.get(key) ?? 0);
    if (inFlight >= this.share.perKey) return false;
    this.taken.set(key, (this.taken.get(key) ?? 0) + 1);
    return true;
  }

  /** Gives back what `take` counted, when the item was not leased after all. */
  giveBack(key: string): void {
    const taken = this.taken.get(key);
    if (taken) this.taken.set(key, taken - 1);
  }

  /** Keys with no room left at all: a store can leave them out of its query. */
  full(): string[] {
    if (!this.share) return [];
    const { busy, perKey } = this.share;
    return Object.keys(busy).filter((key) => busy[key]! >= perKey);
  }
}
