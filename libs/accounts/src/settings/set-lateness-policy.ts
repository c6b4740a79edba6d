import type { LatenessPolicy } from '../account';
import { InvalidSetting } from './invalid-setting';
import type { SettingsDeps } from './settings-deps';

const WEEK_MINUTES = 7 * 24 * 60;

/** When the account's deliveries count as late, or with null the defaults; false when there is no such account. */
export async function setLatenessPolicy(
  accountId: string,
  policy: LatenessPolicy | null,
  { accounts }: Pick<SettingsDeps, 'accounts'>,
): Promise<boolean> {
  if (policy) {
    const least = { unassignedMinutesBeforePickup: 0, pickupGraceMinutes: 0, stalledMinutes: 1 };
    for (const [name, minutes] of Object.entries(policy) as [keyof LatenessPolicy, number][]) {
      if (!Number.isInteger(minutes) || minutes < least[name] || minutes > WEEK_MINUTES) {
        throw new InvalidSetting(`${name} must be whole minutes from ${least[name]} to ${WEEK_MINUTES}`);
      }
    }
  }
  return accounts.setDeliveryPolicies(accountId, { lateness: policy });
}
