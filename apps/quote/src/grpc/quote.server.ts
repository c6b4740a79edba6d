import * as grpc from '@grpc/grpc-js';
import { bindServer, loadQuoteProto, observedService, unaryHandler, type QuotesHandlers, type RpcObserver } from '@delivery/rpc';
import type { GetQuotesDeps } from '../domain/get-quotes';
import { getQuotesHandler } from './get-quotes.handler';
import { confirmQuoteHandler, releaseQuoteHandler, reserveQuoteHandler } from './quote-reservation.handlers';

/** Binds the Quotes service and resolves with the port it listens on. */
export async function startQuoteServer(
  address: string,
  deps: GetQuotesDeps,
  observe: RpcObserver = () => undefined,
): Promise<{ port: number; server: grpc.Server }> {
  const server = new grpc.Server();
  const handlers: QuotesHandlers = {
    GetQuotes: unaryHandler(getQuotesHandler(deps)),
    ReserveQuote: unaryHandler(reserveQuoteHandler(deps)),
    ConfirmQuote: unaryHandler(confirmQuoteHandler(deps)),
    ReleaseQuote: unaryHandler(releaseQuoteHandler(deps)),
  };
  server.addService(loadQuoteProto().delivery.v1.Quotes.service, observedService(handlers, observe));
  return { port: await bindServer(server, address), server };
}
