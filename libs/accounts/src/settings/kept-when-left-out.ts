/** A replace's rule for a setting it may leave out: given (null included) it is set, left out the stored one stays. */
export const keptWhenLeftOut = <T>(given: T | undefined, stored: T | null | undefined): T | null =>
  given === undefined ? (stored ?? null) : given;
