import { PROOF_MEDIA_RETENTION_DAYS, type ProofMediaPolicy } from '../account';
import { InvalidSetting } from './invalid-setting';
import type { SettingsDeps } from './settings-deps';

/**
 * How long the account's proof photos and signatures are kept, and whether a photo keeps where
 * it was taken; null is back to the defaults. False when there is no such account.
 */
export async function setProofMediaPolicy(
  accountId: string,
  policy: ProofMediaPolicy | null,
  { accounts }: Pick<SettingsDeps, 'accounts'>,
): Promise<boolean> {
  const { min, max } = PROOF_MEDIA_RETENTION_DAYS;
  if (policy && (!Number.isInteger(policy.retentionDays) || policy.retentionDays < min || policy.retentionDays > max)) {
    throw new InvalidSetting(`retention must be whole days from ${min} to ${max}`);
  }
  return accounts.setDeliveryPolicies(accountId, { proofMedia: policy });
}
