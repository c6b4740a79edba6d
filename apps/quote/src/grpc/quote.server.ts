import { observedService, unaryHandler, type QuotesHandlers, type RpcObserver, type ServedService } from '@delivery/rpc';
import type { GetQuotesDeps } from '../domain/get-quotes';
import { getQuotesHandler } from './get-quotes.handler';
import { confirmQuoteHandler, releaseQuoteHandler, reserveQuoteHandler, type QuoteReservationDeps } from './quote-reservation.handlers';

/** The Quotes service's handlers, each call observed; served over gRPC or called in process. */
export function quoteService(deps: GetQuotesDeps & QuoteReservationDeps, observe: RpcObserver = () => undefined): ServedService {
  const handlers: QuotesHandlers = {
    GetQuotes: unaryHandler(getQuotesHandler(deps)),
    ReserveQuote: unaryHandler(reserveQuoteHandler(deps)),
    ConfirmQuote: unaryHandler(confirmQuoteHandler(deps)),
    ReleaseQuote: unaryHandler(releaseQuoteHandler(deps)),
  };
  return { implementation: observedService(handlers, observe) };
}
