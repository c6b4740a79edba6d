import type { RateLimits } from '../account';
import { InvalidSetting } from './invalid-setting';
import type { SettingsDeps } from './settings-deps';

/** The most requests a minute an account or app may be given. */
export const MAX_REQUESTS_PER_MINUTE = 1_000_000;

/** The account's own limits, or with null the gateway's defaults again; false when there is no such account. */
export async function setRateLimits(
  accountId: string,
  limits: RateLimits | null,
  { accounts }: Pick<SettingsDeps, 'accounts'>,
): Promise<boolean> {
  for (const [name, perMinute] of Object.entries(limits ?? {})) {
    if (!Number.isInteger(perMinute) || perMinute < 1 || perMinute > MAX_REQUESTS_PER_MINUTE) {
      throw new InvalidSetting(`${name} must be a whole number from 1 to ${MAX_REQUESTS_PER_MINUTE}`);
    }
  }
  return accounts.setRateLimits(accountId, limits);
}
