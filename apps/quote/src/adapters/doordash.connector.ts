import { randomBytes } from 'node:crypto';
import type { Fleet } from '@delivery/accounts';
import {
  DoorDashDriveClient,
  CourierInputError,
  doordashDeliveryInput,
  type DoorDashQuoteInput,
  type CourierFailure,
  type DoorDashFleet,
} from '@delivery/couriers';
import { FleetQuoteError, type FleetQuote, type QuoteRequest } from '../domain/quote';
import type { FleetConnector } from '../ports/fleet-connector';

/** DoorDash's documented validity of a quote: it must be accepted within five minutes. */
const QUOTE_LIFETIME_MS = 5 * 60_000;

function courierFleetOf(fleet: Fleet): DoorDashFleet {
  if (fleet.connector.kind !== 'doordash') throw new Error(`fleet ${fleet.id} is not a DoorDash Drive fleet`);
  return { accountId: fleet.accountId, id: fleet.id, connector: fleet.connector };
}

const refusal = (failure: CourierFailure) =>
  new FleetQuoteError(
    failure.message,
    failure.retryAfterSeconds === undefined ? [] : [`retry after ${failure.retryAfterSeconds} s`],
    failure.status,
  );

function quoteInput(request: QuoteRequest): DoorDashQuoteInput {
  try {
    // Ours, unique per quote: the delivery itself is made at dispatch, under the task's id.
    return doordashDeliveryInput(`dd_${randomBytes(12).toString('hex')}`, request, request.monetaryValue);
  } catch (error) {
    if (error instanceof CourierInputError) throw new FleetQuoteError(error.message);
    throw error;
  }
}

/**
 * A DoorDash Drive fleet: one quote per request, priced by DoorDash for delivery as soon as
 * a Dasher can take it (its estimated pick-up and drop-off times as the windows).
 */
export class DoorDashFleetConnector implements FleetConnector {
  constructor(
    private readonly drive: DoorDashDriveClient,
    private readonly now: () => number = Date.now,
  ) {}

  async quote(fleet: Fleet, request: QuoteRequest, signal: AbortSignal): Promise<FleetQuote[]> {
    const asked = this.now();
    const answer = await this.drive.quote(courierFleetOf(fleet), quoteInput(request), signal);
    if (!answer.ok) throw refusal(answer.failure);
    const { value: delivery } = answer;
    if (!delivery.pickup_time_estimated || !delivery.dropoff_time_estimated) {
      throw new FleetQuoteError('DoorDash quoted without estimated pick-up and drop-off times', [], '200');
    }
    const at = (time: string) => ({ startTime: new Date(time).toISOString(), endTime: new Date(time).toISOString() });
    return [
      {
        fleetQuoteId: delivery.external_delivery_id,
        currencyCode: delivery.currency,
        fee: delivery.fee,
        priority: 0,
        deliveryTermsSupported: false,
        pickupWindow: at(delivery.pickup_time_estimated),
        dropoffWindow: at(delivery.dropoff_time_estimated),
        expiresAt: new Date(asked + QUOTE_LIFETIME_MS).toISOString(),
        capacity: null,
        remainingCapacity: null,
      },
    ];
  }

  /** DoorDash's delivery is made when the task is dispatched (order-lifecycle), for the reserved pick-up time. */
  async confirm(): Promise<void> {}
}
