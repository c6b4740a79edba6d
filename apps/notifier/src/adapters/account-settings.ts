import { DEFAULT_NOTIFICATION_SETTINGS, rateCardOf, type Account, type AccountRepository } from '@delivery/accounts';

/** Entries kept: every account a busy notifier serves, well within memory. */
const KEPT = 10_000;

/**
 * The accounts and fleets the notifier reads for every message, each kept for `ttlMs`: a
 * change in the console reaches messages within that time, and the account store is read
 * once per account and interval, not per message. An account without settings gets the defaults.
 */
export class AccountSettings {
  private readonly accounts = new Map<string, { at: number; value: Promise<Account | null> }>();
  private readonly zones = new Map<string, { at: number; value: Promise<string | null> }>();

  constructor(
    private readonly store: Pick<AccountRepository, 'getAccount' | 'getFleet'>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  accountOf(accountId: string): Promise<Account | null> {
    return this.cached(this.accounts, accountId, async () => {
      const account = await this.store.getAccount(accountId);
      return account && { ...account, notifications: account.notifications ?? DEFAULT_NOTIFICATION_SETTINGS };
    });
  }

  async settingsOf(accountId: string) {
    return (await this.accountOf(accountId))?.notifications ?? null;
  }

  /** The IANA zone of the fleet's working hours (a rate card's), null when it has none. */
  timeZoneOf(accountId: string, fleetId: number | null): Promise<string | null> {
    if (fleetId === null) return Promise.resolve(null);
    return this.cached(this.zones, `${accountId}\n${fleetId}`, async () => {
      const fleet = await this.store.getFleet(accountId, fleetId);
      return (fleet && rateCardOf(fleet.connector)?.timeZone) ?? null;
    });
  }

  private cached<T>(map: Map<string, { at: number; value: Promise<T> }>, key: string, read: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = map.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (map.size >= KEPT) map.delete(map.keys().next().value!);
    const value = read();
    map.set(key, { at: now, value });
    // A failed read is not kept: the next message asks again.
    value.catch(() => map.get(key)?.value === value && map.delete(key));
    return value;
  }
}
