import { e164Of, requiredPhone } from '../phone-number';
import { oneLineAddress as addressLine, partyOf, requireDetails } from '../stops';
import { REQUIREMENT_WORDS, type DeliveryRequirements } from '@delivery/contracts';
import { CourierInputError } from '../stops';
import type { DoorDashDeliveryInput, DoorDashDropoffOptions, DoorDashQuoteInput } from './doordash-drive.client';

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

/**
 * What the Dasher must collect, as DoorDash's `DropoffOptions` names it (@doordash/sdk
 * 0.6.13, generated from its Drive OpenAPI): `signature` and `id_verification` "required";
 * `proof_of_delivery` "photo_required", or "pin_code" with our PIN as a
 * `merchant_provided_number` in `dropoff_pin_code_verification_metadata`. DoorDash has one
 * `proof_of_delivery`, so a drop-off requiring both a photo and a PIN is refused here, as is
 * a minimum age or a barcode scan, which DoorDash has no option for (the fleet declares it
 * cannot either).
 */
export function doordashDropoffOptions(
  requirements: DeliveryRequirements | null,
  pin: string | null,
): Pick<DoorDashDeliveryInput, 'dropoff_options' | 'dropoff_pin_code_verification_metadata'> {
  const kinds = requirements?.kinds ?? [];
  const cannot = kinds.filter((kind) => kind === 'minimum_age' || kind === 'barcode_scan');
  if (cannot.length > 0)
    throw new CourierInputError(`DoorDash has no drop-off option for ${cannot.map((kind) => REQUIREMENT_WORDS[kind]).join(' or ')}`);
  if (kinds.includes('photo') && kinds.includes('pin')) {
    throw new CourierInputError('DoorDash takes one proof of delivery, a photo or a PIN, and the drop-off requires both');
  }
  if (kinds.includes('pin') && !pin) throw new CourierInputError('DoorDash needs the PIN the drop-off requires, and the task has none');
  const options: DoorDashDropoffOptions = {
    ...(kinds.includes('signature') && { signature: 'required' }),
    ...(kinds.includes('id_check') && { id_verification: 'required' }),
    ...(kinds.includes('photo') && { proof_of_delivery: 'photo_required' }),
    ...(kinds.includes('pin') && { proof_of_delivery: 'pin_code' }),
  };
  if (Object.keys(options).length === 0) return {};
  return {
    dropoff_options: options,
    ...(options.proof_of_delivery === 'pin_code' && {
      dropoff_pin_code_verification_metadata: { pin_code_type: 'merchant_provided_number', pin_code_value: pin! },
    }),
  };
}
