import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { NotificationChannel } from '@delivery/contracts';

/**
 * Keyed hashes of a recipient's address, for opt-outs kept without the address in clear:
 * HMAC-SHA256 under each key of the ring (the current first), of the account, the channel
 * and the address as sent (E.164, or the e-mail address in lower case). A store read
 * without the key cannot tell whose they are; after a key change, the older keys still match.
 */
export class AddressHasher {
  /** Prepared once: a raw key would be imported again on every hash, most of a hash's cost. */
  private readonly keys: readonly KeyObject[];

  constructor(keys: readonly Buffer[]) {
    if (keys.length === 0) throw new Error('AddressHasher needs a key');
    this.keys = keys.map((key) => createSecretKey(key));
  }

  hashes(accountId: string, channel: NotificationChannel, address: string): string[] {
    const text = `${accountId}\n${channel}\n${channel === 'email' ? address.toLowerCase() : address}`;
    return this.keys.map((key) => createHmac('sha256', key).update(text).digest('base64url'));
  }

  /** The hash under the current key: the one stored. */
  current(accountId: string, channel: NotificationChannel, address: string): string {
    return this.hashes(accountId, channel, address)[0]!;
  }
}
