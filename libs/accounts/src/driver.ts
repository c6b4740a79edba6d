/**
 * One of a fleet's own drivers (issue 52): a person who signs in on their phone to work the
 * fleet's tasks. Their phone is how they sign in, so it is one driver per phone in an account
 * (docs/decisions.md: a person who drives for two of the retailer's fleets is moved, not doubled).
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

/**
 * A driver's signed-in device: what the console lists and revokes. The session's secret is
 * the device's cookie; the store keeps only its SHA-256 (`tokenHash`), so whoever reads the
 * store cannot sign in with what they read.
 */
export interface DriverSession {
  /** `dss_…`: how the console names it; not the secret. */
  id: string;
  accountId: string;
  driverId: string;
  tokenHash: string;
  /** The device as its browser described itself at sign-in, shortened: for the dispatcher to tell devices apart. */
  device: string;
  createdAt: string;
  /** When it was last used, to a few minutes (docs/decisions.md). */
  lastUsedAt: string;
  /** It ends then, whatever its use. */
  expiresAt: string;
}

/** A driver signs in once a month on a phone they keep; a lost phone is revoked in the console. */
export const DRIVER_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Devices a driver may be signed in on at once; a sign-in beyond them ends the oldest. */
export const MAX_SESSIONS_PER_DRIVER = 5;

/** The driver with this id in the fleet named of the account named; null for any other (another fleet's or account's included). */
export async function driverOfFleet(
  accounts: { getDriver(id: string): Promise<Driver | null> },
  ref: { accountId: string; fleetId: number; driverId: string },
): Promise<Driver | null> {
  const driver = await accounts.getDriver(ref.driverId);
  return driver && driver.accountId === ref.accountId && driver.fleetId === ref.fleetId ? driver : null;
}
