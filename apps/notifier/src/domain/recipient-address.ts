import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { NotificationChannel } from '@delivery/contracts';
import type { Recipient } from '../ports/recipient-directory';

/** A channel's address of the recipient, or why there is none to use (never the address itself). */
export type AddressOf = { ok: true; address: string } | { ok: false; reason: string };

const COUNTRY = /^[A-Z]{2}$/;
/** One `@`, no spaces, a dot in the domain: what an SMTP server takes, without judging the rest. */
const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:".]+$/;

/**
 * The recipient's phone in E.164, as Twilio's `To` wants it (twilio_api_v2010.json: "in
 * E.164 format"), read as the platform typed it (`+33 6 12 34 56 78`, `(217) 555-0199`,
 * `06 12 34 56 78`): a number without `+` in the address's country, else the account's.
 */
export function phoneOf(phone: string | null, addressCountry: string | null, defaultCountry: string | null): AddressOf {
  const given = phone?.trim();
  if (!given) return { ok: false, reason: 'the order gives no phone number' };
  const country = [addressCountry, defaultCountry].map((c) => c?.trim().toUpperCase()).find((c) => c && COUNTRY.test(c));
  const parsed = parsePhoneNumberFromString(given, country as CountryCode | undefined);
  if (parsed?.isValid()) return { ok: true, address: parsed.number };
  if (given.startsWith('+')) return { ok: false, reason: 'the phone number is not a valid number' };
  return {
    ok: false,
    reason: country
      ? `the phone number is not a valid number (read in ${country})`
      : 'the phone number has no +country code, and neither the address nor the account names a country',
  };
}

export function emailOf(email: string | null): AddressOf {
  const given = email?.trim();
  if (!given) return { ok: false, reason: 'the order gives no e-mail address' };
  return given.length <= 254 && EMAIL.test(given)
    ? { ok: true, address: given }
    : { ok: false, reason: 'the e-mail address is not usable' };
}

export function addressOf(channel: NotificationChannel, recipient: Recipient, defaultCountry: string | null): AddressOf {
  return channel === 'sms' ? phoneOf(recipient.phoneNumber, recipient.countryCode, defaultCountry) : emailOf(recipient.email);
}

/** An address as the console shows it: enough to tell two apart, not enough to use (`+33 ••• ••• 78`, `a•••@example.com`). */
export function maskAddress(address: string): string {
  const at = address.indexOf('@');
  if (at > 0) return `${address[0]}•••${address.slice(at)}`;
  return `${address.slice(0, 3)}•••${address.slice(-2)}`;
}
