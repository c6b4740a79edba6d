import { FAILED_DROPOFF_FOLLOW_UPS, MAX_DROPOFF_ATTEMPTS, type FailedDropoffPolicy } from '../account';
import { InvalidSetting } from './invalid-setting';
import type { SettingsDeps } from './settings-deps';

/** What follows a failed drop-off of the account's deliveries, or with null the default; false when there is no such account. */
export async function setFailedDropoffPolicy(
  accountId: string,
  policy: FailedDropoffPolicy | null,
  { accounts }: Pick<SettingsDeps, 'accounts'>,
): Promise<boolean> {
  if (policy && !FAILED_DROPOFF_FOLLOW_UPS.includes(policy.then)) {
    throw new InvalidSetting(`then must be one of ${FAILED_DROPOFF_FOLLOW_UPS.join(', ')}`);
  }
  if (policy && (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1 || policy.maxAttempts > MAX_DROPOFF_ATTEMPTS)) {
    throw new InvalidSetting(`the most attempts must be 1 to ${MAX_DROPOFF_ATTEMPTS}`);
  }
  return accounts.setDeliveryPolicies(accountId, { failedDropoff: policy });
}
