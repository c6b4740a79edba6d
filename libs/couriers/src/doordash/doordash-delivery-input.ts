import { partyOf, requireDetails, type Party } from '../stops';
import type { DoorDashQuoteInput } from './doordash-drive.client';

/** One line, as DoorDash takes an address: "901 Market St, San Francisco, CA 94105". */
function addressLine(party: Party): string | null {
  const a = party.address;
  if (!a || a.streetLines.length === 0) return null;
  const region = [a.stateOrProvinceCode, a.postalCode].filter(Boolean).join(' ');
  return [...a.streetLines, a.city, region].filter(Boolean).join(', ');
}

/**
 * The fields of a quote or a delivery DoorDash is asked for (`DeliveryQuoteInput`,
 * `DeliveryRequest`): the one mapping of our stops onto DoorDash's. DoorDash requires the
 * drop-off address and phone number.
 */
export function doordashDeliveryInput(
  externalDeliveryId: string,
  stops: { pickup: unknown; dropoff: unknown },
  orderValue: number | null,
): DoorDashQuoteInput {
  const [pickup, dropoff] = [partyOf(stops.pickup), partyOf(stops.dropoff)];
  const [pickupAddress, dropoffAddress] = [addressLine(pickup), addressLine(dropoff)];
  const dropoffPhone = dropoff.contact?.phoneNumber;
  requireDetails('DoorDash', [!dropoffAddress && 'the drop-off address', !dropoffPhone && "the recipient's phone number"]);
  return {
    external_delivery_id: externalDeliveryId,
    ...(pickupAddress && { pickup_address: pickupAddress }),
    ...(pickup.contact?.personName && { pickup_business_name: pickup.contact.personName }),
    ...(pickup.contact?.phoneNumber && { pickup_phone_number: pickup.contact.phoneNumber }),
    dropoff_address: dropoffAddress!,
    dropoff_phone_number: dropoffPhone!,
    ...(dropoff.contact?.personName && { dropoff_contact_given_name: dropoff.contact.personName }),
    ...(orderValue !== null && { order_value: Math.round(orderValue * 100) }),
  };
}
