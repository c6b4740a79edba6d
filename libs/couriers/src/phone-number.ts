import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { CourierInputError, type Party } from './stops';

/**
 * A stop's phone number in E.164 (`+33612345678`), as every network's document asks:
 * DoorDash Drive's `*_phone_number` "Must adhere to E.164", Uber Direct's have the pattern
 * `^\+[0-9]+$` ("e164 format", uber/uber-direct-sdk's OpenAPI), and Onfleet validates a
 * recipient's `phone` unless told not to (docs.onfleet.com, "Recipients"). The platform sends
 * numbers as typed (`+33 6 12 34 56 78`, `(217) 555-0199 ext. 42`, `06 12 34 56 78`): a
 * number without `+` is read in the stop's country. Null when there is none or it is not a
 * valid number (an extension is dropped: E.164 has none).
 */
export function e164Of(party: Party): string | null {
  const given = party.contact?.phoneNumber?.trim();
  if (!given) return null;
  const country = party.address?.countryCode?.trim().toUpperCase();
  const parsed = parsePhoneNumberFromString(given, country && /^[A-Z]{2}$/.test(country) ? (country as CountryCode) : undefined);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The phone number a network requires at a stop, in E.164; refused before any call, naming
 * which and why, when the stop has none or none the network can call.
 */
export function requiredPhone(network: string, party: Party, whose: string): string {
  const phone = e164Of(party);
  if (phone) return phone;
  const country = party.address?.countryCode?.trim().toUpperCase();
  throw new CourierInputError(
    party.contact?.phoneNumber?.trim()
      ? `${network} needs ${whose} phone number as a valid number in E.164, and the one given is not one${country ? ` (read in ${country})` : ' (it has no +country code and the address no country)'}`
      : `${network} needs ${whose} phone number, which the request does not give`,
  );
}
