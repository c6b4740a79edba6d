import type { QuoteResponse } from '@delivery/contracts';
import type { GetQuotesResponseMessage } from '@delivery/rpc';
import { timeWindow } from './time-window.mapper';

/** Spec 2.4: `quotes` is left out when every fleet failed (spec 7.4). */
export function toQuoteResponse(answer: GetQuotesResponseMessage): QuoteResponse {
  const quoteErrors = answer.quoteErrors.map((e) => ({
    message: e.message,
    fleet_name: e.fleetName,
    fleet_id: e.fleetId,
    external_team_id: e.externalTeamId,
    status: e.status ?? null,
    details: e.details,
  }));
  if (answer.quotes.length === 0) return { quote_errors: quoteErrors };
  return {
    quotes: answer.quotes.map((q) => ({
      id: q.id,
      expiry_time: q.expiryTime,
      fleet: { quote_id: q.fleet?.quoteId ?? '', id: q.fleet?.id ?? 0, fleet_type: q.fleet?.fleetType ?? 0, name: q.fleet?.name ?? '' },
      currency_code: q.currencyCode,
      fee: q.fee,
      priority: q.priority,
      delivery_terms_supported: q.deliveryTermsSupported,
      pickup_window: timeWindow(q.pickupWindow),
      dropoff_window: timeWindow(q.dropoffWindow),
      ...(q.remainingCapacity != null ? { remaining_capacity: q.remainingCapacity } : {}),
    })),
    quote_errors: quoteErrors,
  };
}
