import { e164Of, requiredPhone } from '../phone-number';
import { oneLineAddress as addressLine, partyOf, requireDetails } from '../stops';
import type { DoorDashQuoteInput } from './doordash-drive.client';

/**
 * The fields of a quote or a delivery DoorDash is asked for (`DeliveryQuoteInput`,
 * `DeliveryRequest`): the one mapping of our stops onto DoorDash's. DoorDash requires the
 * drop-off address and phone number; every phone number goes in E.164, as its reference says
 * ("Must adhere to E.164"), and a pick-up number that is not one is left out.
 */
export function doordashDeliveryInput(
  externalDeliveryId: string,
  stops: { pickup: unknown; dropoff: unknown },
  orderValue: number | null,
): DoorDashQuoteInput {
  const [pickup, dropoff] = [partyOf(stops.pickup), partyOf(stops.dropoff)];
  const [pickupAddress, dropoffAddress] = [addressLine(pickup), addressLine(dropoff)];
  requireDetails('DoorDash', [!dropoffAddress && 'the drop-off address']);
  const dropoffPhone = requiredPhone('DoorDash', dropoff, "the recipient's");
  const pickupPhone = e164Of(pickup);
  return {
    external_delivery_id: externalDeliveryId,
    ...(pickupAddress && { pickup_address: pickupAddress }),
    ...(pickup.contact?.personName && { pickup_business_name: pickup.contact.personName }),
    ...(pickupPhone && { pickup_phone_number: pickupPhone }),
    dropoff_address: dropoffAddress!,
    dropoff_phone_number: dropoffPhone,
    ...contactNames(dropoff.contact?.personName),
    ...(orderValue !== null && { order_value: Math.round(orderValue * 100) }),
  };
}

/**
 * DoorDash asks the recipient's given and family names apart; the platform sends one name.
 * Its first word is taken as the given name and the rest as the family name (a guess, named
 * in docs/couriers.md: "Jean-Baptiste de la Fontaine" gives "Jean-Baptiste" and "de la
 * Fontaine"); one word is a given name alone.
 */
function contactNames(
  personName: string | null | undefined,
): Pick<DoorDashQuoteInput, 'dropoff_contact_given_name' | 'dropoff_contact_family_name'> {
  const [given, ...family] = (personName ?? '').trim().split(/\s+/).filter(Boolean);
  if (!given) return {};
  return { dropoff_contact_given_name: given, ...(family.length > 0 && { dropoff_contact_family_name: family.join(' ') }) };
}
