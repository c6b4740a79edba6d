import type { Fleet } from '@delivery/accounts';
import type { FleetQuote, QuoteRequest, StoredQuote } from '../domain/quote';

/**
 * How a fleet is asked for quotes and told of a confirmed delivery. A failure the fleet
 * names is a FleetQuoteError; `signal` aborts when the fleet's time budget is spent.
 */
export interface FleetConnector {
  quote(fleet: Fleet, request: QuoteRequest, signal: AbortSignal): Promise<FleetQuote[]>;
  confirm(fleet: Fleet, quote: StoredQuote): Promise<void>;
}
