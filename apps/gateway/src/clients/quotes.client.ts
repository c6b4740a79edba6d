import {
  peerReachable,
  connectTo,
  type RpcTarget,
  callUnary,
  loadQuoteProto,
  type GetQuotesRequestInput,
  type GetQuotesResponseMessage,
  type QuotesClient,
} from '@delivery/rpc';

/** The gateway's view of the quote service: every call carries a deadline. */
export class QuotesGateway {
  private readonly client: QuotesClient;

  constructor(
    target: RpcTarget,
    private readonly deadlineMs: number,
  ) {
    this.client = connectTo(target, loadQuoteProto().delivery.v1.Quotes);
  }

  getQuotes(request: GetQuotesRequestInput) {
    return callUnary<GetQuotesRequestInput, GetQuotesResponseMessage>(this.client.getQuotes.bind(this.client), request, this.deadlineMs);
  }

  /** For readiness: a connection to the service is up. */
  reachable(): Promise<void> {
    return peerReachable(this.client);
  }

  close(): void {
    this.client.close();
  }
}
