import { rateCardOf, type Fleet } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { rateCardQuotes } from '../domain/rate-card';
import type { FleetQuote, QuoteRequest } from '../domain/quote';
import type { FleetConnector } from '../ports/fleet-connector';
import type { QuoteRepository } from '../ports/quote.repository';

/** Own, sandbox and Onfleet fleets: priced here from their rate card, capacity counted in our store. */
export class RateCardConnector implements FleetConnector {
  constructor(private readonly deps: { quotes: Pick<QuoteRepository, 'reservedInWindow'>; clock: Clock }) {}

  async quote(fleet: Fleet, request: QuoteRequest): Promise<FleetQuote[]> {
    const rateCard = rateCardOf(fleet.connector);
    if (!rateCard) throw new Error(`fleet ${fleet.id} has no rate card`);
    return rateCardQuotes(
      rateCard,
      request,
      this.deps.clock.now(),
      (windowStart) => this.deps.quotes.reservedInWindow(fleet.accountId, fleet.id, windowStart),
      fleet.fleetType,
    );
  }

  /** The reservation already took the window's place; nothing else is owed to our own fleet. */
  async confirm(): Promise<void> {}
}
