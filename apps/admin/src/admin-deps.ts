import { accountSettings, type AccountReader, type AccountSettings, type Fleet } from '@delivery/accounts';
import type { AccountRepository } from '@delivery/accounts/store';
import { releaseCourierHold } from '@delivery/couriers';
import type { OutboundPolicy, Resolver } from '@delivery/outbound';
import type { Clock } from '@delivery/clock';
import type { KeyValueStore } from '@delivery/key-value';
import type { DeliveryRepository } from '@delivery/webhook-deliveries';
import type { OrderReader } from './order-lifecycle.client';

/** What every admin command works with: the stores and the clock main.ts opens, and the settings' use cases over them. */
export interface AdminDeps {
  /** The accounts store's read half: every change goes through `settings`. */
  accounts: AccountReader;
  /** Every change of an account's settings, by the rules the console's follow too. */
  settings: AccountSettings;
  /** The webhook dispatcher's store: a replay made here is picked up by the running dispatcher. */
  deliveries: DeliveryRepository;
  clock: Clock;
  /** order-lifecycle's API and the gateway's key-value store, reached only by the commands that read them (main.ts gives both). */
  orders?: () => Promise<OrderReader>;
  keyValue?: () => Promise<KeyValueStore>;
  /**
   * Seals every stored secret again with the current key (main.ts gives it, over the store
   * itself); on embedded stores also what became of DATA_DIR/secrets.key and whether the
   * store is rewritten without its free pages.
   */
  resealSecrets?: () => Promise<{
    apps: number;
    endpoints: number;
    fleets: number;
    accounts: number;
    keyFile: string | null;
    compacted: string | null;
  }>;
}

/** The stores a command runs over, as main.ts opens them (and tests their own). */
export type AdminStores = Omit<AdminDeps, 'accounts' | 'settings'> & {
  accounts: AccountRepository;
  /** What configured URLs may point at (OUTBOUND_ALLOW_HTTP, OUTBOUND_ALLOW_PRIVATE_NETWORKS). */
  urlPolicy: OutboundPolicy;
  resolve?: Resolver;
};

/** A command's deps: the stores, and the account-settings use cases over the accounts store. */
export function adminDepsOver({ urlPolicy, resolve, ...stores }: AdminStores): AdminDeps {
  const { accounts, clock, keyValue } = stores;
  // A removed courier fleet's Retry-After hold is in the gateway's key-value store.
  const releaseFleet = keyValue && (async (fleet: Fleet) => releaseCourierHold(await keyValue(), fleet));
  return { ...stores, settings: accountSettings({ accounts, clock, urlPolicy, resolve, releaseFleet }) };
}
