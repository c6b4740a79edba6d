/** Reading a command's options: each problem is a usage error naming the option. */
import { InvalidUser } from '@delivery/accounts';
import { InvalidWebhookEndpoint } from '@delivery/webhooks';

/** Option values as given; a repeated `--header` arrives as lines of one value. */
export type Options = Record<string, string | undefined>;

export class UsageError extends Error {}

/** A setting the accounts' or the webhooks' rules refuse is the operator's usage error, in the rule's words. */
export async function asUsage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof InvalidUser || error instanceof InvalidWebhookEndpoint ? new UsageError(error.message) : error;
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
