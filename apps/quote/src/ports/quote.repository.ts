import type { EventEnvelope } from '@delivery/contracts';
import type { OutboxStore } from '@delivery/outbox';
import type { ReservationStatus, StoredQuote } from '../domain/quote';

export type ReserveResult =
  | { outcome: 'reserved'; quote: StoredQuote }
  | { outcome: 'not-found' }
  | { outcome: 'expired'; quote: StoredQuote }
  | { outcome: 'already-used'; quote: StoredQuote }
  | { outcome: 'no-capacity'; quote: StoredQuote };

/** Issued quotes and their outbox; a reservation takes a quote atomically, within its window's capacity. */
export interface QuoteRepository {
  /** The events of committed changes, waiting for the relay. */
  readonly outbox: OutboxStore;
  saveIssued(quotes: readonly StoredQuote[], events: readonly EventEnvelope[]): Promise<void>;
  find(accountId: string, quoteId: string): Promise<StoredQuote | null>;
  /** Takes an unexpired, unreserved quote for `key`; the same key taking it again succeeds. */
  reserve(accountId: string, quoteId: string, key: string, now: Date, events: readonly EventEnvelope[]): Promise<ReserveResult>;
  /** Moves a held reservation of `key` on; false when the quote is not held by it. */
  settle(accountId: string, quoteId: string, key: string, status: Exclude<ReservationStatus, 'held'>, now: Date): Promise<boolean>;
  /** Held and confirmed reservations in one fleet's window. */
  reservedInWindow(accountId: string, fleetId: number, windowStart: string): Promise<number>;
  /**
   * Finishes what a crash left between a store's writes: places taken by quotes that
   * expired unreserved, and places of released holds not yet given back. How many.
   */
  returnLostPlaces(now: Date): Promise<number>;
  /** Forgets quotes that expired before `before` and were never reserved, and the places of windows that started before it. */
  purgeExpired(before: Date): Promise<number>;
  close(): Promise<void>;
}
