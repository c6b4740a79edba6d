import * as grpc from '@grpc/grpc-js';
import { bindServer, loadQuoteProto, unaryHandler, type QuotesHandlers } from '@delivery/rpc';
import type { GetQuotesDeps } from '../domain/get-quotes';
import { getQuotesHandler } from './get-quotes.handler';
import { confirmQuoteHandler, releaseQuoteHandler, reserveQuoteHandler } from './quote-reservation.handlers';

/** Binds the Quotes service and resolves with the port it listens on. */
export async function startQuoteServer(address: string, deps: GetQuotesDeps): Promise<{ port: number; server: grpc.Server }> {
  const server = new grpc.Server();
  const handlers: QuotesHandlers = {
    GetQuotes: unaryHandler(getQuotesHandler(deps)),
    ReserveQuote: unaryHandler(reserveQuoteHandler(deps)),
    ConfirmQuote: unaryHandler(confirmQuoteHandler(deps)),
    ReleaseQuote: unaryHandler(releaseQuoteHandler(deps)),
  };
  server.addService(loadQuoteProto().delivery.v1.Quotes.service, handlers);
  return { port: await bindServer(server, address), server };
}
