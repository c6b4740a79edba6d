import {
  requirementsToMessage,
  unaryClient,
  type RpcTarget,
  loadQuoteProto,
  type QuoteReservationRequestInput,
  type QuotesClient,
  type UnaryClient,
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
  private readonly quotes: UnaryClient<QuotesClient>;

  constructor(target: RpcTarget, deadlineMs: number) {
    this.quotes = unaryClient(target, loadQuoteProto().delivery.v1.Quotes, deadlineMs);
  }

  async reserve(ref: QuoteReservationRef): Promise<ReservedQuote> {
    const { quote } = await this.quotes.reserveQuote(request(ref));
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
    await this.quotes.confirmQuote(request(ref));
  }

  async release(ref: QuoteReservationRef): Promise<void> {
    await this.quotes.releaseQuote(request(ref));
  }

  reachable(): Promise<void> {
    return this.quotes.reachable();
  }

  close(): void {
    this.quotes.close();
  }

  async priceTask(task: Task, correlationId: string) {
    const answer = await this.quotes.getQuotes({
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
    });
    const offers = answer.quotes.flatMap((q): FleetOffer[] =>
      q.fleet && q.pickupWindow && q.dropoffWindow
        ? [{ fleetId: q.fleet.id, fee: q.fee, currencyCode: q.currencyCode, pickupWindow: q.pickupWindow, dropoffWindow: q.dropoffWindow }]
        : [],
    );
    const errors = answer.quoteErrors.flatMap((e) => (e.fleetId === undefined ? [] : [{ fleetId: e.fleetId, message: e.message }]));
    return { offers, errors };
  }
}
