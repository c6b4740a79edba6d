import type { QuoteMessageInput } from '@delivery/rpc';
import type { StoredQuote } from '../domain/quote';

export function quoteToMessage(quote: StoredQuote): QuoteMessageInput {
  return {
    id: quote.id,
    expiryTime: quote.expiresAt,
    fleet: { quoteId: quote.fleetQuoteId, id: quote.fleet.id, fleetType: quote.fleet.fleetType, name: quote.fleet.name },
    currencyCode: quote.currencyCode,
    fee: quote.fee,
    priority: quote.priority,
    deliveryTermsSupported: quote.deliveryTermsSupported,
    pickupWindow: quote.pickupWindow,
    dropoffWindow: quote.dropoffWindow,
    remainingCapacity: quote.remainingCapacity ?? undefined,
  };
}
