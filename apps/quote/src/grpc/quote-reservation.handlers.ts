import type { AccountReader, Fleet } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import type { QuoteReservationRequestMessage } from '@delivery/rpc';
import { confirmQuote, releaseQuote, reserveQuote, type QuoteReservationCommand } from '../domain/quote-reservations';
import type { FleetConnector } from '../ports/fleet-connector';
import type { QuoteRepository } from '../ports/quote.repository';
import { quoteToMessage } from './quote.mapper';

const command = (request: QuoteReservationRequestMessage): QuoteReservationCommand => ({
  accountId: request.accountId,
  quoteId: request.quoteId,
  key: request.reservationKey,
});

export interface QuoteReservationDeps {
  quotes: QuoteRepository;
  fleets: Pick<AccountReader, 'getFleet'>;
  connectorFor: (fleet: Fleet) => FleetConnector;
  clock: Clock;
}

export const reserveQuoteHandler = (deps: QuoteReservationDeps) => async (request: QuoteReservationRequestMessage) => ({
  quote: quoteToMessage(await reserveQuote(command(request), deps)),
});

export const confirmQuoteHandler = (deps: QuoteReservationDeps) => async (request: QuoteReservationRequestMessage) => {
  await confirmQuote(command(request), deps);
  return {};
};

export const releaseQuoteHandler = (deps: QuoteReservationDeps) => async (request: QuoteReservationRequestMessage) => {
  await releaseQuote(command(request), deps);
  return {};
};
