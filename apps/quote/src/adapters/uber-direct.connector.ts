import type { Fleet } from '@delivery/accounts';
import { CourierInputError, uberQuoteInput, UberDirectClient, type UberDirectFleet, type UberQuoteInput } from '@delivery/couriers';
import { FleetQuoteError, type FleetQuote, type QuoteRequest } from '../domain/quote';
import type { FleetConnector } from '../ports/fleet-connector';

function courierFleetOf(fleet: Fleet): UberDirectFleet {
  if (fleet.connector.kind !== 'uber-direct') throw new Error(`fleet ${fleet.id} is not an Uber Direct fleet`);
  return { accountId: fleet.accountId, id: fleet.id, connector: fleet.connector };
}

function quoteInput(request: QuoteRequest): UberQuoteInput {
  try {
    return uberQuoteInput(request, request.monetaryValue);
  } catch (error) {
    if (error instanceof CourierInputError) throw new FleetQuoteError(error.message);
    throw error;
  }
}

/**
 * An Uber Direct fleet: one quote per request, priced by Uber for a courier as soon as one
 * can come (the pick-up window starts when Uber expects its courier there, the drop-off at
 * its ETA); the quote expires when Uber's does. The delivery itself is made at dispatch.
 */
export class UberDirectFleetConnector implements FleetConnector {
  constructor(
    private readonly uber: UberDirectClient,
    private readonly now: () => number = Date.now,
  ) {}

  async quote(fleet: Fleet, request: QuoteRequest, signal: AbortSignal): Promise<FleetQuote[]> {
    const asked = this.now();
    const answer = await this.uber.quote(courierFleetOf(fleet), quoteInput(request), signal);
    if (!answer.ok) {
      const { failure } = answer;
      throw new FleetQuoteError(
        failure.message,
        failure.retryAfterSeconds === undefined ? [] : [`retry after ${failure.retryAfterSeconds} s`],
        failure.status,
      );
    }
    const quote = answer.value;
    if (quote.pickup_duration === undefined || !quote.dropoff_eta) {
      throw new FleetQuoteError('Uber quoted without its pick-up duration and drop-off ETA', [], '200');
    }
    const pickupAt = new Date(asked + quote.pickup_duration * 60_000).toISOString();
    const dropoffAt = new Date(quote.dropoff_eta).toISOString();
    return [
      {
        fleetQuoteId: quote.id,
        currencyCode: quote.currency_type.toUpperCase(),
        fee: quote.fee,
        priority: 0,
        deliveryTermsSupported: false,
        pickupWindow: { startTime: pickupAt, endTime: pickupAt },
        dropoffWindow: { startTime: dropoffAt, endTime: dropoffAt },
        expiresAt: new Date(quote.expires).toISOString(),
        capacity: null,
        remainingCapacity: null,
      },
    ];
  }

  /** Uber's delivery is made when the task is dispatched (order-lifecycle). */
  async confirm(): Promise<void> {}
}
