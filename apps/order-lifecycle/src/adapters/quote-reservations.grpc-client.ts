import {
  callUnary,
  peerReachable,
  requirementsToMessage,
  connectTo,
  type RpcTarget,
  loadQuoteProto,
  type GetQuotesRequestInput,
  type GetQuotesResponseMessage,
  type QuoteReservationRequestInput,
  type QuoteReservationResponseMessage,
  type QuotesClient,
  type ReserveQuoteResponseMessage,
} from '@delivery/rpc';
import type { Task } from '../domain/task';
import { partyToMessage } from '../grpc/task.mapper';
import type { FleetOffer, QuoteReservationRef, QuoteReservations, ReservedQuote } from '../ports/quote-reservations';

const stop = (task: Task, type: 'pickup' | 'dropoff') => partyToMessage(task.wayPoints.find((w) => w.type === type)!.party);

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

  async priceTask(task: Task, correlationId: string) {
    const answer = await callUnary<GetQuotesRequestInput, GetQuotesResponseMessage>(
      this.client.getQuotes.bind(this.client),
      {
        accountId: task.accountId,
        correlationId,
        carrierCode: task.carrierCode,
        serviceLevel: task.serviceLevel,
        shipDate: task.shipDate ?? undefined,
        deliveryDate: task.deliveryDate ?? undefined,
        currencyCode: task.currencyCode ?? undefined,
        monetaryValue: task.monetaryValue ?? undefined,
        packages: task.packages.map((p) => ({
          contentDescription: p.contentDescription ?? undefined,
          weightKg: p.weightKg,
          dimensionsCm: p.dimensionsCm ? { ...p.dimensionsCm, units: 'CM' } : undefined,
        })),
        pickup: stop(task, 'pickup'),
        dropoff: stop(task, 'dropoff'),
        requirements: task.requirements ? requirementsToMessage(task.requirements) : undefined,
      },
      this.deadlineMs,
    );
    const offers = answer.quotes.flatMap((q): FleetOffer[] =>
      q.fleet && q.pickupWindow && q.dropoffWindow
        ? [{ fleetId: q.fleet.id, fee: q.fee, currencyCode: q.currencyCode, pickupWindow: q.pickupWindow, dropoffWindow: q.dropoffWindow }]
        : [],
    );
    const errors = answer.quoteErrors.flatMap((e) => (e.fleetId === undefined ? [] : [{ fleetId: e.fleetId, message: e.message }]));
    return { offers, errors };
  }
}
