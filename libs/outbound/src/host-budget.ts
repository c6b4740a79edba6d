import { envInt } from '@delivery/config';
import type { KeyValueStore } from '@delivery/key-value';

/** Requests a minute one account's configuration may send to one host, unless set (`OUTBOUND_HOST_PER_MINUTE`). */
export const DEFAULT_HOST_REQUESTS_PER_MINUTE = 12_000;

/** The setting in an app's config schema (spread into it). */
export const hostBudgetConfig = { OUTBOUND_HOST_PER_MINUTE: envInt(DEFAULT_HOST_REQUESTS_PER_MINUTE) };

const WINDOW_MS = 60_000;

/**
 * How many requests one account's configured URLs send to one host in each minute, whatever
 * triggers them (its quotes and dry runs, its webhooks, its fleets' dispatch calls), counted
 * in a store every process shares (Redis in production): so no account can aim the service
 * at a host. Over the budget, a request is not made; the caller says so or tries later.
 * A store that fails lets the request through: its own trouble must not stop deliveries.
 */
export class HostBudget {
  constructor(
    private readonly store: Pick<KeyValueStore, 'increment'>,
    private readonly perMinute: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Takes one request from `url`'s host for the account; when none is left, how long until the next minute. */
  async take(
    accountId: string,
    url: string,
  ): Promise<{ ok: true } | { ok: false; host: string; perMinute: number; retryAfterSeconds: number }> {
    const host = URL.canParse(url) ? new URL(url).hostname.toLowerCase() : url;
    const now = this.now();
    const window = Math.floor(now / WINDOW_MS);
    try {
      const sent = await this.store.increment(`outbound-host:${accountId}:${host}:${window}`, WINDOW_MS);
      if (sent <= this.perMinute) return { ok: true };
    } catch {
      return { ok: true };
    }
    return { ok: false, host, perMinute: this.perMinute, retryAfterSeconds: Math.ceil(((window + 1) * WINDOW_MS - now) / 1000) };
  }
}

/** The words a caller or a delivery's log gets for a refusal. */
export const overHostBudget = (refusal: { host: string; perMinute: number; retryAfterSeconds: number }) =>
  `the account's requests to ${refusal.host} are over ${refusal.perMinute} a minute; the next go in ${refusal.retryAfterSeconds} s`;
