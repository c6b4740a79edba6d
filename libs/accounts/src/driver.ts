/**
 * One of a fleet's own drivers (issue 52): a person who signs in on their phone to work the
 * fleet's tasks. Their phone is how they sign in, so it is one driver per phone in a fleet.
 */
export interface Driver {
  id: string;
  accountId: string;
  fleetId: number;
  name: string;
  /** E.164, as the sign-in code is sent to it. */
  phone: string;
  email: string | null;
  createdAt: string;
}

/** The most drivers one fleet may have: far more than one depot's staff, and what a listing stays small under. */
export const MAX_DRIVERS_PER_FLEET = 500;
