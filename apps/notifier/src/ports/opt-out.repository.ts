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
  /**
   * Takes a recipient's reply by its provider id (Twilio's `MessageSid`) once: false when it
   * was taken before, a replay. Twilio's signatures carry no time, so the id is the only guard
   * against a signed START sent again after a STOP. Kept for REPLY_RETENTION_MS.
   */
  takeReply(accountId: string, replyRef: string, at: string): Promise<boolean>;
  /** Gives a reply back when what it asked could not be stored, so Twilio's retry of it is taken. */
  releaseReply(accountId: string, replyRef: string): Promise<void>;
  /** Whether the address opted out, under any of its hashes (one per key of the ring). */
  has(accountId: string, channel: NotificationChannel, addressHashes: readonly string[]): Promise<boolean>;
  close(): Promise<void>;
}

/** How long a reply's id is kept against replays: past Twilio's own 400 days of message logs. */
export const REPLY_RETENTION_MS = 400 * 24 * 60 * 60 * 1000;
