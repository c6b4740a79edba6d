import type { AccountRepository } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import type { KeyValueStore } from '@delivery/key-value';
import type { OutboundPolicy, Resolver } from '@delivery/outbound';
import type { DeliveryRepository } from '@delivery/webhook-deliveries';
import type { OrderReader } from './order-lifecycle.client';

/** What every admin command works with: the stores, the clock and the outbound rules main.ts opens. */
export interface AdminDeps {
  accounts: AccountRepository;
  /** The webhook dispatcher's store: a replay made here is picked up by the running dispatcher. */
  deliveries: DeliveryRepository;
  clock: Clock;
  /** What webhook URLs may point at (OUTBOUND_ALLOW_HTTP, OUTBOUND_ALLOW_PRIVATE_NETWORKS). */
  urlPolicy: OutboundPolicy;
  resolve?: Resolver;
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
