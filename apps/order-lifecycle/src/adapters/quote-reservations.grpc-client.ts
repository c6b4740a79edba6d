import {
  callUnary,
  peerReachable,
  connectTo,
  type RpcTarget,
  loadQuoteProto,
  type QuoteReservationRequestInput,
  type QuoteReservationResponseMessage,
  type QuotesClient,
  type ReserveQuoteResponseMessage,
} from '@delivery/rpc';
import type { QuoteReservationRef, QuoteReservations, ReservedQuote } from '../ports/quote-reservations';

const request = (ref: QuoteReservationRef): QuoteReservationRequestInput => ({
  accountId: ref.accountId,
  quoteId: ref.quoteId,
  reservationKey: ref.key,
  correlationId: ref.correlationId,
});

/** The quote service over gRPC, every call with a deadline. */
export class QuoteReservationsGrpcClient implements QuoteReservations {
  private readonly client: QuotesClient;

  constructor(
    target: RpcTarget,
    private readonly deadlineMs: number,
  ) {
    this.client = connectTo(target, loadQuoteProto().delivery.v1.Quotes);
  }

  async reserve(ref: QuoteReservationRef): Promise<ReservedQuote> {
    const { quote } = await callUnary<QuoteReservationRequestInput, ReserveQuoteResponseMessage>(
      this.client.reserveQuote.bind(this.client),
      request(ref),
      this.deadlineMs,
    );
    if (!quote?.fleet || !quote.pickupWindow || !quote.dropoffWindow) throw new Error('quote service answered an incomplete quote');
    return {
      id: quote.id,
      fleet: { id: quote.fleet.id, name: quote.fleet.name, fleetType: quote.fleet.fleetType },
      currencyCode: quote.currencyCode,
      fee: quote.fee,
      pickupWindow: quote.pickupWindow,
      dropoffWindow: quote.dropoffWindow,
    };
  }

  async confirm(ref: QuoteReservationRef): Promise<void> {
    await callUnary<QuoteReservationRequestInput, QuoteReservationResponseMessage>(
      this.client.confirmQuote.bind(this.client),
      request(ref),
      this.deadlineMs,
    );
  }

  async release(ref: QuoteReservationRef): Promise<void> {
    await callUnary<QuoteReservationRequestInput, QuoteReservationResponseMessage>(
      this.client.releaseQuote.bind(this.client),
      request(ref),
      this.deadlineMs,
    );
  }

  /** For readiness: a connection to the service is up. */
  reachable(): Promise<void> {
    return peerReachable(this.client);
  }

  close(): void {
    this.client.close();
  }
}
