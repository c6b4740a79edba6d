import { randomUUID } from 'node:crypto';
import type { QuoteIssuedEvent } from '@delivery/contracts';
import type { StoredQuote } from './quote';

export function quoteIssued(quote: StoredQuote, correlationId: string): QuoteIssuedEvent {
  return {
    id: randomUUID(),
    type: 'QuoteIssued',
    version: 1,
    occurredAt: quote.issuedAt,
    accountId: quote.accountId,
    correlationId,
    causationId: null,
    subject: quote.id,
    data: {
      quoteId: quote.id,
      fleetId: quote.fleet.id,
      fleetName: quote.fleet.name,
      currencyCode: quote.currencyCode,
      fee: quote.fee,
      priority: quote.priority,
      pickupWindow: quote.pickupWindow,
      dropoffWindow: quote.dropoffWindow,
      expiresAt: quote.expiresAt,
    },
  };
}
