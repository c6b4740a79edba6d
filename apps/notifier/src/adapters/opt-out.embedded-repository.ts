import type { EventEnvelope, NotificationChannel } from '@delivery/contracts';
import { type EmbeddedStore, type EmbeddedTable, openRecordTable } from '@delivery/embedded-store';
import type { EmbeddedOutbox } from '@delivery/outbox/embedded';
import { REPLY_RETENTION_MS, type OptOut, type OptOutRepository } from '../ports/opt-out.repository';

type OptOutKey = [accountId: string, channel: string, addressHash: string];
type ReplyKey = [accountId: string, replyRef: string];

/**
 * Opt-outs on the embedded LMDB store, keyed by account, channel and the address's keyed
 * hash; their events go to the outbox of the store they share with the messages.
 */
export class EmbeddedOptOutRepository implements OptOutRepository {
  private readonly optOuts: EmbeddedTable<OptOut, OptOutKey>;
  private readonly replies: EmbeddedTable<{ at: string }, ReplyKey>;

  constructor(
    store: EmbeddedStore,
    readonly outbox: EmbeddedOutbox,
  ) {
    this.optOuts = openRecordTable<OptOut, OptOutKey>(store, 'opt-outs');
    this.replies = openRecordTable<{ at: string }, ReplyKey>(store, 'sms-replies');
  }

  async takeReply(accountId: string, replyRef: string, at: string): Promise<boolean> {
    return this.replies.transaction(() => {
      const key: ReplyKey = [accountId, replyRef];
      const kept = this.replies.get(key);
      if (kept && Date.parse(at) - Date.parse(kept.at) < REPLY_RETENTION_MS) return false;
      this.replies.put(key, { at });
      return true;
    });
  }

  async releaseReply(accountId: string, replyRef: string): Promise<void> {
    await this.replies.remove([accountId, replyRef]);
  }

  async add(optOut: OptOut, events: readonly EventEnvelope[]): Promise<boolean> {
    const key: OptOutKey = [optOut.accountId, optOut.channel, optOut.addressHash];
    return this.optOuts.transaction(() => {
      if (this.optOuts.doesExist(key)) return false;
      this.optOuts.put(key, optOut);
      this.outbox.append(events);
      return true;
    });
  }

  async remove(
    accountId: string,
    channel: NotificationChannel,
    addressHashes: readonly string[],
    events: readonly EventEnvelope[],
  ): Promise<boolean> {
    return this.optOuts.transaction(() => {
      const found = addressHashes.filter((hash) => this.optOuts.doesExist([accountId, channel, hash]));
      for (const hash of found) this.optOuts.remove([accountId, channel, hash]);
      if (found.length > 0) this.outbox.append(events);
      return found.length > 0;
    });
  }

  async has(accountId: string, channel: NotificationChannel, addressHashes: readonly string[]): Promise<boolean> {
    return addressHashes.some((hash) => this.optOuts.doesExist([accountId, channel, hash]));
  }

  async close(): Promise<void> {}
}
