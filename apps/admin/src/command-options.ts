/** Reading a command's options: each problem is a usage error naming the option. */
import { FleetIdTaken, InvalidSetting, SettingExists, SettingNotFound } from '@delivery/accounts';

/** Option values as given; a repeated `--header` arrives as lines of one value. */
export type Options = Record<string, string | undefined>;

/** The command line cannot be used as given: an unknown command or option, a value out of range. Exit 2. */
export class UsageError extends Error {}
/** What the command names does not exist: an account, an app, an endpoint, an order. Exit 3. */
export class NotFound extends Error {}
/** What the command would make exists already. Exit 4. */
export class Conflict extends Error {}
/** The command needs the running system, and none answers. Exit 5. */
export class Unavailable extends Error {}

/** The exit code of each kind of failure (the README and the usage text list them); 1 is anything else. */
export const EXIT_CODES = new Map<Function, number>([
  [UsageError, 2],
  [NotFound, 3],
  [Conflict, 4],
  [Unavailable, 5],
]);

/**
 * A setting the account-settings use cases refuse is the operator's usage error, in the
 * rule's words; one that exists already (or whose id another add took) a conflict; one that
 * names what does not exist (an account, a fleet) not found.
 */
export async function asUsage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SettingExists) throw new Conflict(error.message);
    if (error instanceof SettingNotFound) throw new NotFound(error.message);
    if (error instanceof FleetIdTaken) throw new Conflict('fleets are being added to this account at the same moment; try again');
    throw error instanceof InvalidSetting ? new UsageError(error.message) : error;
  }
}

export function required(options: Options, name: string): string {
  const value = options[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

export function amount(options: Options, name: string, fallback: number): number {
  const raw = options[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new UsageError(`--${name} must be a non-negative number`);
  return value;
}

export const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export function whole(options: Options, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = options[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return value;
}
