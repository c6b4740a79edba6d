import { loadQuoteProto, unaryClient, type QuotesClient, type RpcTarget, type UnaryClient } from '@delivery/rpc';

/** The gateway's view of the quote service: each call passed through with a deadline. */
export type QuotesGateway = UnaryClient<QuotesClient>;

export const quotesGateway = (target: RpcTarget, deadlineMs: number): QuotesGateway =>
  unaryClient(target, loadQuoteProto().delivery.v1.Quotes, deadlineMs);
