import type { EventEnvelope, NotificationChannel, OptOutSource } from '@delivery/contracts';
import type { OutboxStore } from '@delivery/outbox';

/** A recipient's opt-out of one channel of one account, kept as a keyed hash of their address. */
export interface OptOut {
  accountId: string;
  channel: NotificationChannel;
  addressHash: string;
  source: OptOutSource;
  at: string;
}

/** Who asked not to be told, per account and channel; each change is stored with its event. */
export interface OptOutRepository {
  readonly outbox: OutboxStore;
  /** Records the opt-out with its events; false (and nothing stored) when the address had opted out already. */
  add(optOut: OptOut, events: readonly EventEnvelope[]): Promise<boolean>;
  /** Opts back in under any of the hashes, with its events; false when there was no opt-out. */
  remove(
    accountId: string,
    channel: NotificationChannel,
    addressHashes: readonly string[],
    events: readonly EventEnvelope[],
  ): Promise<boolean>;
  /** Whether the address opted out, under any of its hashes (one per key of the ring). */
  has(accountId: string, channel: NotificationChannel, addressHashes: readonly string[]): Promise<boolean>;
  close(): Promise<void>;
}
