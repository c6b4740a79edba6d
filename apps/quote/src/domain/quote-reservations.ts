import type { AccountReader, Fleet } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { DomainError } from '@delivery/contracts';
import type { FleetConnector } from '../ports/fleet-connector';
import type { QuoteRepository } from '../ports/quote.repository';
import type { StoredQuote } from './quote';

export interface QuoteReservationCommand {
  accountId: string;
  quoteId: string;
  /** Names one reservation (account and fulfillment): its retries are not a second use. */
  key: string;
}

/** Takes a quote for one reservation, with the spec's distinct reasons when it cannot. */
export async function reserveQuote(
  command: QuoteReservationCommand,
  deps: { quotes: QuoteRepository; clock: Clock },
): Promise<StoredQuote> {
  const result = await deps.quotes.reserve(command.accountId, command.quoteId, command.key, deps.clock.now(), []);
  switch (result.outcome) {
    case 'reserved':
      return result.quote;
    case 'not-found':
      throw new DomainError('QUOTE_NOT_FOUND', `Quote ${command.quoteId} not found`);
    case 'expired':
      throw new DomainError('QUOTE_EXPIRED', `Quote ${command.quoteId} expired at ${result.quote.expiresAt}`);
    case 'already-used':
      throw new DomainError('QUOTE_ALREADY_USED', `Quote ${command.quoteId} is already used by another reservation`);
    case 'no-capacity':
      throw new DomainError('FLEET_NO_CAPACITY', `The fleet of quote ${command.quoteId} has no capacity left in its pickup window`);
  }
}

/**
 * Tells the quote's fleet that the delivery is confirmed, then records it. A fleet that
 * cannot be told fails the confirmation, so the caller can retry; a repeat is a no-op.
 */
export async function confirmQuote(
  command: QuoteReservationCommand,
  deps: {
    quotes: QuoteRepository;
    fleets: Pick<AccountReader, 'getFleet'>;
    connectorFor: (fleet: Fleet) => FleetConnector;
    clock: Clock;
  },
): Promise<void> {
  const quote = await deps.quotes.find(command.accountId, command.quoteId);
  if (!quote || quote.reservation?.key !== command.key)
    throw new DomainError('QUOTE_NOT_FOUND', `Quote ${command.quoteId} is not reserved by this order`);
  if (quote.reservation.status === 'confirmed') return;
  if (quote.reservation.status === 'released')
    throw new DomainError('RESERVATION_EXPIRED', `The hold on quote ${command.quoteId} was released`);
  const fleet = await deps.fleets.getFleet(command.accountId, quote.fleet.id);
  if (!fleet) throw new DomainError('FLEET_UNAVAILABLE', `Fleet ${quote.fleet.name} no longer exists`);
  try {
    await deps.connectorFor(fleet).confirm(fleet, quote);
  } catch (error) {
    throw new DomainError(
      'FLEET_UNAVAILABLE',
      `Fleet ${fleet.name} did not confirm the delivery: ${error instanceof Error ? error.message : error}`,
    );
  }
  await deps.quotes.settle(command.accountId, command.quoteId, command.key, 'confirmed', deps.clock.now());
}

/** The hold ended unconfirmed: the window's capacity goes back to the fleet. */
export async function releaseQuote(command: QuoteReservationCommand, deps: { quotes: QuoteRepository; clock: Clock }): Promise<void> {
  await deps.quotes.settle(command.accountId, command.quoteId, command.key, 'released', deps.clock.now());
}
