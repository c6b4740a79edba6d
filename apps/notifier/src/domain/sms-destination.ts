import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max';

/**
 * The number types an SMS may go to, by libphonenumber's full metadata: a person's mobile or
 * fixed line (Twilio delivers to landlines that take SMS). Premium-rate, shared-cost, UAN,
 * personal, toll-free, VoIP, pager and voicemail numbers are refused before Twilio is asked:
 * they are where SMS pumping is paid, and no recipient reads a delivery there.
 */
const SMS_TYPES: ReadonlySet<NumberType> = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);

const TYPE_WORDS: Partial<Record<NonNullable<NumberType>, string>> = {
  PREMIUM_RATE: 'premium-rate',
  SHARED_COST: 'shared-cost',
  UAN: 'a universal access number',
  PERSONAL_NUMBER: 'a personal (forwarding) number',
  TOLL_FREE: 'toll-free',
  VOIP: 'a VoIP number',
  PAGER: 'a pager',
  VOICEMAIL: 'a voicemail access number',
};

/**
 * Why an SMS may not go to `e164`, or null when it may: its type (above), or its country,
 * which must be one the account allows (`allowed`). A number of no country (the satellite and
 * international networks, +870, +881, +882, +883, +979) is in none, so always refused.
 */
export function smsDestinationProblem(e164: string, allowed: ReadonlySet<string>): string | null {
  const number = parsePhoneNumberFromString(e164);
  if (!number?.isValid()) return 'the phone number is not a valid number';
  if (!number.country) return `the phone number is on an international network (+${number.countryCallingCode}), which gets no SMS`;
  const type = number.getType();
  if (!type || !SMS_TYPES.has(type)) return `the phone number is ${(type && TYPE_WORDS[type]) ?? 'of no known type'}, which gets no SMS`;
  if (!allowed.has(number.country)) {
    return `the phone number is in ${number.country}, where the account sends no SMS (allowed: ${[...allowed].join(', ') || 'none'})`;
  }
  return null;
}

/**
 * The countries whose numbers an account's SMS may reach: its own (`defaultCountry`) and those
 * it lists; an account naming neither reaches the country of each delivery's address only.
 */
export function smsCountriesOf(defaultCountry: string | null, listed: readonly string[] | undefined, addressCountry: string | null) {
  const own = [defaultCountry, ...(listed ?? [])].filter((c): c is string => Boolean(c));
  if (own.length > 0) return new Set(own);
  const address = addressCountry?.trim().toUpperCase();
  return new Set(address && /^[A-Z]{2}$/.test(address) ? [address] : []);
}
