import { e164Of, requiredPhone } from '../phone-number';
import { partyOf, requireDetails, type Party } from '../stops';
import type { DeliveryRequirements } from '@delivery/contracts';
import type { UberDeliveryInput, UberDropoffVerification, UberQuoteInput } from './uber-direct.client';

/** Uber's structured address, as the JSON string its API takes. */
function structuredAddress(party: Party): string | null {
  const a = party.address;
  if (!a || a.streetLines.length === 0) return null;
  return JSON.stringify({
    street_address: a.streetLines,
    ...(a.city && { city: a.city }),
    ...(a.stateOrProvinceCode && { state: a.stateOrProvinceCode }),
    ...(a.postalCode && { zip_code: a.postalCode }),
    ...(a.countryCode && { country: a.countryCode }),
  });
}

/**
 * The one mapping of our stops onto Uber's quote request (`DeliveryQuoteReq`): both
 * addresses are required, the phone numbers sent when known, in E.164 (the OpenAPI's pattern
 * `^\+[0-9]+$`, "e164 format").
 */
export function uberQuoteInput(stops: { pickup: unknown; dropoff: unknown }, orderValue: number | null): UberQuoteInput {
  const [pickup, dropoff] = [partyOf(stops.pickup), partyOf(stops.dropoff)];
  const [pickupAddress, dropoffAddress] = [structuredAddress(pickup), structuredAddress(dropoff)];
  requireDetails('Uber', [!pickupAddress && 'the pick-up address', !dropoffAddress && 'the drop-off address']);
  const [pickupPhone, dropoffPhone] = [e164Of(pickup), e164Of(dropoff)];
  return {
    pickup_address: pickupAddress!,
    dropoff_address: dropoffAddress!,
    ...(pickupPhone && { pickup_phone_number: pickupPhone }),
    ...(dropoffPhone && { dropoff_phone_number: dropoffPhone }),
    ...(orderValue !== null && { manifest_total_value: Math.round(orderValue * 100) }),
  };
}

/**
 * The drop-off's requirements as Uber's `DropoffVerificationRequest`: a signature (with the
 * signer's name), a picture, an ID scan for the minimum age, each package's tracking number
 * as a CODE128 barcode to scan. A PIN is not sent: Uber makes and shares its own
 * (`pincode`), where ours is given to the recipient, so an Uber fleet declares it cannot.
 */
function dropoffVerification(requirements: DeliveryRequirements | null, trackingNumbers: string[]): UberDropoffVerification | null {
  const kinds = requirements?.kinds ?? [];
  const verification: UberDropoffVerification = {
    ...(kinds.includes('signature') && { signature_requirement: { enabled: true, collect_signer_name: true } }),
    ...(kinds.includes('photo') && { picture: true }),
    ...(kinds.includes('minimum_age') && requirements?.minimumAge != null && { identification: { min_age: requirements.minimumAge } }),
    ...(kinds.includes('barcode_scan') && { barcodes: trackingNumbers.map((value) => ({ value, type: 'CODE128' as const })) }),
  };
  return Object.keys(verification).length > 0 ? verification : null;
}

/**
 * A delivery as Uber's `DeliveryReq` takes it: the quote's fields, the names and phone
 * numbers Uber requires at both stops, one manifest item per package, and what the courier
 * must collect at the drop-off.
 */
export function uberDeliveryInput(
  taskId: string,
  stops: { pickup: unknown; dropoff: unknown },
  packages: { contentDescription: string | null; weightKg: number; trackingNumber?: string }[],
  orderValue: number | null,
  requirements: DeliveryRequirements | null = null,
): UberDeliveryInput {
  const quote = uberQuoteInput(stops, orderValue);
  const [pickup, dropoff] = [partyOf(stops.pickup), partyOf(stops.dropoff)];
  const pickupPhone = requiredPhone('Uber', pickup, "the pick-up's");
  const dropoffPhone = requiredPhone('Uber', dropoff, "the recipient's");
  return {
    ...quote,
    pickup_name: pickup.contact?.personName || 'Pick-up',
    pickup_phone_number: pickupPhone,
    dropoff_name: dropoff.contact?.personName || 'Recipient',
    dropoff_phone_number: dropoffPhone,
    manifest_items: (packages.length > 0 ? packages : [{ contentDescription: null, weightKg: 0 }]).map((p) => ({
      name: p.contentDescription || 'Parcel',
      quantity: 1,
      ...(p.weightKg > 0 && { weight: Math.round(p.weightKg * 1000) }),
    })),
    external_id: taskId,
    ...withVerification(
      dropoffVerification(
        requirements,
        packages.flatMap((p) => (p.trackingNumber ? [p.trackingNumber] : [])),
      ),
    ),
  };
}

const withVerification = (verification: UberDropoffVerification | null) => (verification ? { dropoff_verification: verification } : {});
