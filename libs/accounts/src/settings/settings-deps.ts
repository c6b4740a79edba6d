import type { Clock } from '@delivery/clock';
import type { OutboundPolicy, Resolver } from '@delivery/outbound';
import type { AccountRepository } from '../account.repository';
import type { Fleet } from '../fleet';

/** What the account-settings use cases work with: the store's write half is theirs alone. */
export interface SettingsDeps {
  accounts: AccountRepository;
  clock: Clock;
  /** What a configured URL may point at (OUTBOUND_ALLOW_HTTP, OUTBOUND_ALLOW_PRIVATE_NETWORKS). */
  urlPolicy: OutboundPolicy;
  resolve?: Resolver;
  /**
   * Forgets what another store keeps of a removed fleet (a courier network's Retry-After
   * hold, in the gateway's key-value store); best effort, as what it forgets lapses by itself.
   */
  releaseFleet?: (fleet: Fleet) => Promise<void>;
}
