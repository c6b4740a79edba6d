import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/** What an unsubscribe link names: the account and the keyed hash of the address, never the address. */
export interface Unsubscription {
  accountId: string;
  addressHash: string;
}

const mac = (key: KeyObject, accountId: string, hash: string) =>
  createHmac('sha256', key).update(`unsubscribe\n${accountId}\n${hash}`).digest('base64url').slice(0, 22);

/**
 * The token of an e-mail's unsubscribe link: `<account>.<address hash>.<MAC>`, the MAC under
 * the current key; any key of the ring opens it, so links in e-mails sent before a key
 * change still work. Unguessable for another address: the hash and the MAC are keyed.
 */
export class UnsubscribeTokens {
  /** Prepared once, as the address hasher's. */
  private readonly keys: readonly KeyObject[];

  constructor(keys: readonly Buffer[]) {
    this.keys = keys.map((key) => createSecretKey(key));
  }

  make(accountId: string, addressHash: string): string {
    return `${accountId}.${addressHash}.${mac(this.keys[0]!, accountId, addressHash)}`;
  }

  /** Null when the token was not made by us (or is damaged). */
  open(token: string): Unsubscription | null {
    // From the right: the hash and the MAC are base64url, without dots; the account id may have some.
    const match = /^(.+)\.([\w-]+)\.([\w-]+)$/.exec(token);
    if (!match) return null;
    const [, accountId, addressHash, given] = match as unknown as [string, string, string, string];
    const ok = this.keys.some((key) => {
      const expected = Buffer.from(mac(key, accountId, addressHash));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    });
    return ok ? { accountId, addressHash } : null;
  }
}
