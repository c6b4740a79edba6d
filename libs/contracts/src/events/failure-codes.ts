import { z } from 'zod';

/**
 * Why a stop could not be done, as a code every surface shares (fleet API, events, webhooks,
 * Get Order); the words beside it are the fleet's own. docs/decisions.md has the table.
 */
export const FAILURE_CODES = [
  'recipient_unavailable',
  'address_not_found',
  'access_problem',
  'refused',
  'damaged',
  'age_check_failed',
  'id_check_failed',
  'weather_or_vehicle',
  'other',
] as const;
export const failureCodeSchema = z.enum(FAILURE_CODES);
export type FailureCode = z.infer<typeof failureCodeSchema>;

/** The words of a code, when a fleet gives the code alone. */
export const FAILURE_WORDS: Record<FailureCode, string> = {
  recipient_unavailable: 'the recipient was not available',
  address_not_found: 'the address could not be found',
  access_problem: 'the driver could not get in (gate, building, code)',
  refused: 'the recipient refused the parcel',
  damaged: 'the parcel was damaged',
  age_check_failed: "the recipient's age could not be confirmed",
  id_check_failed: "the recipient's identity could not be confirmed",
  weather_or_vehicle: 'weather or a vehicle problem stopped the driver',
  other: 'the stop could not be done',
};
