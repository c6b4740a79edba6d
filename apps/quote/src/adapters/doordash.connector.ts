import { randomBytes } from 'node:crypto';
import type { DoorDashConnector as DoorDashSettings, Fleet } from '@delivery/accounts';
import { DoorDashDriveClient, type DoorDashQuoteInput, type DriveFailure } from '@delivery/couriers';
import { z } from 'zod';
import { FleetQuoteError, type FleetQuote, type QuoteRequest, type StoredQuote } from '../domain/quote';
import type { FleetConnector } from '../ports/fleet-connector';

/** DoorDash's documented validity of a quote: it must be accepted within five minutes. */
const QUOTE_LIFETIME_MS = 5 * 60_000;

/** The stops as the quote service receives them (proto Party, camelCase); any field may be absent. */
const partySchema = z.object({
  contact: z.object({ personName: z.string().nullish(), phoneNumber: z.string().nullish() }).nullish(),
  address: z
    .object({
      streetLines: z.array(z.string()).default([]),
      city: z.string().nullish(),
      stateOrProvinceCode: z.string().nullish(),
      postalCode: z.string().nullish(),
    })
    .nullish(),
});
type Party = z.infer<typeof partySchema>;

function settingsOf(fleet: Fleet): DoorDashSettings {
  if (fleet.connector.kind !== 'doordash') throw new Error(`fleet ${fleet.id} is not a DoorDash Drive fleet`);
  return fleet.connector;
}

/** One line, as DoorDash takes an address: "901 Market St, San Francisco, CA 94105". */
function addressLine(party: Party): string | null {
  const a = party.address;
  if (!a || a.streetLines.length === 0) return null;
  const region = [a.stateOrProvinceCode, a.postalCode].filter(Boolean).join(' ');
  return [...a.streetLines, a.city, region].filter(Boolean).join(', ');
}

const refusal = (failure: DriveFailure) =>
  new FleetQuoteError(
    failure.message,
    failure.retryAfterSeconds === undefined ? [] : [`retry after ${failure.retryAfterSeconds} s`],
    failure.status,
  );

/** What DoorDash needs that the request lacks: its own words, the request's field names. */
function quoteInput(request: QuoteRequest): DoorDashQuoteInput {
  const [pickup, dropoff] = [partySchema.safeParse(request.pickup), partySchema.safeParse(request.dropoff)].map((parsed) =>
    parsed.success ? parsed.data : {},
  ) as [Party, Party];
  const [pickupAddress, dropoffAddress] = [addressLine(pickup), addressLine(dropoff)];
  const dropoffPhone = dropoff.contact?.phoneNumber;
  const missing = [!dropoffAddress && 'the drop-off address', !dropoffPhone && "the recipient's phone number"].filter(Boolean);
  if (missing.length > 0) throw new FleetQuoteError(`DoorDash needs ${missing.join(' and ')}, which the request does not give`);
  return {
    // Ours, unique per quote: DoorDash accepts the quote by it, and a delivery keeps it.
    external_delivery_id: `dd_${randomBytes(12).toString('hex')}`,
    ...(pickupAddress && { pickup_address: pickupAddress }),
    ...(pickup.contact?.personName && { pickup_business_name: pickup.contact.personName }),
    ...(pickup.contact?.phoneNumber && { pickup_phone_number: pickup.contact.phoneNumber }),
    dropoff_address: dropoffAddress!,
    dropoff_phone_number: dropoffPhone!,
    ...(dropoff.contact?.personName && { dropoff_contact_given_name: dropoff.contact.personName }),
    ...(request.monetaryValue !== null && { order_value: Math.round(request.monetaryValue * 100) }),
  };
}

/**
 * A DoorDash Drive fleet: one quote per request, priced by DoorDash for delivery as soon as
 * a Dasher can take it (its estimated pick-up and drop-off times as the windows); a confirmed
 * reservation accepts the quote there, which makes the delivery.
 */
export class DoorDashFleetConnector implements FleetConnector {
  constructor(
    private readonly drive: DoorDashDriveClient,
    private readonly now: () => number = Date.now,
  ) {}

  async quote(fleet: Fleet, request: QuoteRequest, signal: AbortSignal): Promise<FleetQuote[]> {
    const asked = this.now();
    const answer = await this.drive.quote(settingsOf(fleet), quoteInput(request), signal);
    if (!answer.ok) throw refusal(answer.failure);
    const { delivery } = answer;
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
      },
    ];
  }

  async confirm(fleet: Fleet, quote: StoredQuote): Promise<void> {
    const answer = await this.drive.acceptQuote(settingsOf(fleet), quote.fleetQuoteId);
    if (!answer.ok) throw new Error(answer.failure.message);
  }
}
