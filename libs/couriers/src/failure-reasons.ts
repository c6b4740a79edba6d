import type { FailureCode } from '@delivery/contracts';

/**
 * Words a network or an organisation uses for a failed drop-off, onto our codes: the first
 * that matches, read on the reason upper-cased with every run of other characters made one
 * `_`. Onfleet's failure reasons are each organisation's own ("Task completion reasons" in
 * its dashboard; its API example gives `NONE`), and Uber's `undeliverable_reason` is free
 * text (its OpenAPI's example: `NO_SECURE_LOCATION_TO_DROPOFF`): no list exists to map one
 * by one, so these words are our guess, named in docs/couriers.md, and anything else is
 * `other` with the network's words kept beside it.
 */
const BY_WORDS: readonly [FailureCode, RegExp][] = [
  ['age_check_failed', /_(UNDERAGE|UNDER_AGE|TOO_YOUNG|MINOR|AGE)_/],
  ['id_check_failed', /_(ID|NO_ID|IDENTIFICATION|PIN)_/],
  ['refused', /REFUS|DECLIN|REJECT/],
  ['damaged', /DAMAG|BROKEN|SPILL/],
  [
    'recipient_unavailable',
    /_NOT_HOME_|UNAVAILABLE|_NOT_AVAILABLE_|_NO_ANSWER_|UNREACHABLE|_NOT_REACHABLE_|_NO_ONE_|_NOBODY_|_NOT_PRESENT_|_ABSENT_|SECURE_LOCATION/,
  ],
  ['access_problem', /ACCESS|LOCKED|_GATED?_|BUZZER|_CLOSED_|NO_ENTRY/],
  ['address_not_found', /ADDRESS|_CANNOT_FIND_|_CANT_FIND_|_LOCATION_NOT_FOUND_|_WRONG_LOCATION_/],
  ['weather_or_vehicle', /WEATHER|VEHICLE|BREAKDOWN|ACCIDENT|_FLAT_TIRE_|_STORM_|_SNOW_/],
];

/** Our code for a network's words of a failure; `other` when none of ours fits, or none is given. */
export function failureCodeOfWords(...words: (string | null | undefined)[]): FailureCode {
  for (const said of words) {
    if (!said) continue;
    const normalised = `_${said.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_`;
    const found = BY_WORDS.find(([, pattern]) => pattern.test(normalised));
    if (found) return found[0];
  }
  return 'other';
}
