import { DEFAULT_NOTIFICATION_SETTINGS, rateCardOf, type Account, type AccountReader } from '@delivery/accounts';
import { ShortCache } from './short-cache';

/** Entries kept: every account a busy notifier serves, well within memory. */
const KEPT = 10_000;

/**
 * The accounts and fleets the notifier reads for every message, each kept for `ttlMs`: a
 * change in the console reaches messages within that time, and the account store is read
 * once per account and interval, not per message. An account without settings gets the defaults.
 */
export class AccountSettings {
  private readonly accounts: ShortCache<Account | null>;
  private readonly zones: ShortCache<string | null>;

  constructor(
    private readonly store: Pick<AccountReader, 'getAccount' | 'getFleet'>,
    ttlMs: number,
    now: () => number = Date.now,
  ) {
    this.accounts = new ShortCache(ttlMs, KEPT, now);
    this.zones = new ShortCache(ttlMs, KEPT, now);
  }

  accountOf(accountId: string): Promise<Account | null> {
    return this.accounts.get(accountId, async () => {
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
    return this.zones.get(`${accountId}\n${fleetId}`, async () => {
      const fleet = await this.store.getFleet(accountId, fleetId);
      return (fleet && rateCardOf(fleet.connector)?.timeZone) ?? null;
    });
  }
}
